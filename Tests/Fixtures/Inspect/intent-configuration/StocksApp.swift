import BackgroundTasks
import UIKit
import WidgetKit

// The app refreshes quotes in a background task and reloads the widget when they arrive.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.stocks.refresh", using: nil) { task in
            QuoteStore.shared.refresh {
                WidgetCenter.shared.reloadTimelines(ofKind: "StocksWidget")
                task.setTaskCompleted(success: true)
            }
        }
        return true
    }
}
