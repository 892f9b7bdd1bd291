import Combine
import SwiftUI
import WidgetKit

// The app: reloads on foreground (free), in a loop, in a push handler, in a didSet, through a
// debounced subscription and from a button.
@main
struct NewsApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var delegate
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            ContentView()
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .active {
                WidgetCenter.shared.reloadAllTimelines()
            }
        }
    }
}

final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        NewsStore.shared.apply(userInfo)
        WidgetCenter.shared.reloadTimelines(ofKind: NewsKinds.headlines)
        completionHandler(.newData)
    }
}

final class NewsStore: ObservableObject {
    static let shared = NewsStore()
    private var subscriptions: Set<AnyCancellable> = []

    @Published var top = "" {
        didSet {
            WidgetCenter.shared.reloadTimelines(ofKind: NewsKinds.headlines)
        }
    }

    @Published var saved: [String] = []

    init() {
        $saved
            .debounce(for: .seconds(60), scheduler: RunLoop.main)
            .sink { _ in WidgetCenter.shared.reloadTimelines(ofKind: NewsKinds.headlines) }
            .store(in: &subscriptions)
    }

    func publish(_ sections: [String]) {
        for _ in sections {
            WidgetCenter.shared.reloadTimelines(ofKind: NewsKinds.headlines)
        }
    }

    func apply(_ userInfo: [AnyHashable: Any]) {}
}

struct ContentView: View {
    var body: some View {
        Button("Refresh widget") {
            WidgetCenter.shared.reloadTimelines(ofKind: "headlines")
        }
    }
}
