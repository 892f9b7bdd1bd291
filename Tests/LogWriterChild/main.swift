import Foundation
import WidgetBudgetLog

// Logs `timeline` rows of the kind given as the second argument into the folder given as the
// first, one a millisecond apart, until it is killed; prints "ready" once the first rows are on
// disk. Used by `LogKillTests`.
let folder = URL(fileURLWithPath: CommandLine.arguments[1])
let kind = CommandLine.arguments[2]
let log = WidgetLog(
    folder: folder, role: .widget, limits: WidgetLog.Limits(maxFileBytes: 1024, maxFolderBytes: 512 << 10), memoryMB: { 12.5 })
let start = Date(timeIntervalSince1970: 1_767_600_000)
var n = 0
while true {
    let time = start.addingTimeInterval(Double(n) / 1000)
    log.timeline(kind: kind, family: "systemSmall", dates: [time, time.addingTimeInterval(900)], policy: .atEnd, at: time)
    n += 1
    if n == 100 {
        log.flush()
        FileHandle.standardOutput.write(Data("ready\n".utf8))
    }
}
