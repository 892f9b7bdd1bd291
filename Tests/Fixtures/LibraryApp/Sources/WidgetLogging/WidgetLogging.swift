import Foundation
import WidgetBudgetLog

/// Logs one reload of a widget that shows `dates`, into `folder`.
public func logReload(in folder: URL, dates: [Date]) {
    let log = WidgetLog(folder: folder, role: .widget)
    log.timeline(kind: "clock", family: "systemSmall", dates: dates, policy: .atEnd)
    log.flush()
}
