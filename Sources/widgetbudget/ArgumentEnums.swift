import ArgumentParser
import WidgetBudgetKit

// Library enums as command-line values: help and shell completion list their raw values.

extension OptimizationObjective: ExpressibleByArgument {}
extension SearchMethod: ExpressibleByArgument {}
