import CoreLocation
import WidgetKit

// Reloads through a helper: reached from a geofence handler, and from a repeating timer.
final class LocationMonitor: NSObject, CLLocationManagerDelegate {
    private var timer: Timer?

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        recordArrival(at: region.identifier)
    }

    private func recordArrival(at place: String) {
        refreshWidgets()
    }

    private func refreshWidgets() {
        WidgetCenter.shared.reloadTimelines(ofKind: NewsKinds.headlines)
    }

    func startPolling() {
        timer = Timer.scheduledTimer(withTimeInterval: 15, repeats: true) { _ in
            WidgetCenter.shared.reloadAllTimelines()
        }
    }
}

/// Another type with a `refreshWidgets()`: its calls are not the monitor's.
struct SettingsScreen {
    func refreshWidgets() {}

    func onAppear() {
        for _ in 0..<3 { refreshWidgets() }
    }
}
