import Foundation

extension TimeZone {
    /// The zone's name as the reports, the JSON documents and the messages print it: `UTC` for the
    /// zone Foundation names `GMT` on Linux (asked for as `UTC`, the scenarios' default), the
    /// IANA identifier otherwise.
    var shownIdentifier: String {
        TimeAxis.zoneName(identifier)
    }
}
