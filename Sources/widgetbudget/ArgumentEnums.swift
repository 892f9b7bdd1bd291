import ArgumentParser
import WidgetBudgetCommandLine
import WidgetBudgetIO
import WidgetBudgetKit

// Library enums as command-line values (``RawValueArgument``): help and shell completion list their raw values.
extension OptimizationObjective: RawValueArgument {}
extension SearchMethod: RawValueArgument {}
extension EventLevel: RawValueArgument {}
extension DeviceLogWriter.TimeFormat: RawValueArgument {}
