import ArgumentParser
import Foundation
import WidgetBudgetCommandLine
import WidgetBudgetIO
import WidgetBudgetKit

extension WidgetBudgetCommand {
    /// `widgetbudget merge`: join the shard folders of a sharded `optimize` into the output a
    /// single run gives.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Join the outputs of `optimize --shard K/N` into one optimization's output."
        ).underTool()

        @Argument(help: "The shard folders (each the --out of one `optimize --shard K/N`).", completion: .directory)
        var folders: [String]

        @Option(help: "Output folder (default: Reports/<name>/optimize/).", completion: .directory)
        var out: String?

        func run() throws {
            InterruptGuard.install { printError(OutputTransaction.interruptedMessage()) }
            try reportingErrors {
                let outcome = try ShardMerge.merge(folders: folders)
                let folder = out ?? "Reports/\(FileName.safe(outcome.manifest["scenario"]))/optimize"
                try ShardMerge.checkOutput(folder, isNotOneOf: folders)
                let written = try OptimizationOutput.write(outcome, to: folder)
                Optimize.printSummary(outcome)
                print("wrote " + written.joined(separator: ", "))
                if let message = outcome.infeasibilityMessage {
                    printError("error: \(message)")
                    throw ExitStatus.noFeasiblePolicy
                }
            }
        }
    }
}
