/// A figure ready to draw: its gnuplot script and the CSV files the script reads, all named
/// relative to the folder they go into.
public struct PlotSpec: Sendable, Equatable {
    /// What a figure shows.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Budget left over time, with the exhausted stretches shaded (one per widget).
        case budget
        /// Age of the displayed content over one day, with reload and render marks (one per widget).
        case age
        /// Charged reloads per day against the budget band (all widgets).
        case chargedPerDay = "charged-per-day"
        /// Day-by-hour heat map of freshness (one per widget).
        case freshness
        /// The optimizer's candidates: objective against charged reloads per day.
        case paretoFront = "pareto-front"
        /// The optimizer's objective over spacing × entries for the best policy.
        case objectiveMap = "objective-map"
        /// For a schedule search: the objective over segment × interval, the others as recommended.
        case segmentMap = "segment-map"
        /// Scenarios' metrics side by side.
        case compareMetrics = "compare-metrics"
        /// Scenarios' age curves overlaid.
        case compareAge = "compare-age"
        /// A device log's reloads per day, charged and free, against the estimated budget (one per widget).
        case logReloads = "log-reloads"
        /// A device log's reloads and lateness by hour of the day (one per widget).
        case logHours = "log-hours"
        /// A device log's memory per timeline size with the fitted line and the limit (one per
        /// widget whose log has `memory_mb`).
        case logMemory = "log-memory"
    }

    /// One CSV data file.
    public struct DataFile: Sendable, Equatable {
        /// The file's name in the plot's folder.
        public var name: String
        /// Its CSV text (written through ``CSVWriter``).
        public var text: String

        /// Creates a data file from a header and rows, through ``CSVWriter``.
        public init(name: String, header: [String], rows: [[String]]) {
            self.name = name
            text = CSVWriter.document(header: header, rows: rows)
        }
    }

    /// What the figure shows.
    public var kind: Kind
    /// A one-line caption for pages (plain text; may hold user text, escape it for the medium).
    public var caption: String
    /// The widget the figure is about, if one.
    public var widget: String?
    /// The script.
    public var script: GnuplotScript
    /// The data files.
    public var data: [DataFile]

    /// Creates a spec.
    public init(kind: Kind, caption: String, widget: String? = nil, script: GnuplotScript, data: [DataFile]) {
        self.kind = kind
        self.caption = caption
        self.widget = widget
        self.script = script
        self.data = data
    }

    /// The base file name (`name.gp`, `name.svg`, `name.png`).
    public var name: String { script.name }
}

/// What became of one figure.
public struct PlotOutcome: Sendable, Equatable {
    /// Drawn, skipped (no gnuplot) or failed (gnuplot reported an error).
    public enum Status: Sendable, Equatable {
        /// Both images were written.
        case drawn
        /// Not drawn: the reason (gnuplot not found, with the install hint).
        case skipped(String)
        /// gnuplot failed: its first error, naming the script's line.
        case failed(String)
    }

    /// What the figure shows.
    public var kind: PlotSpec.Kind
    /// The base file name.
    public var name: String
    /// The caption.
    public var caption: String
    /// The widget, if one.
    public var widget: String?
    /// Canvas width, pixels.
    public var width: Int
    /// Canvas height, pixels.
    public var height: Int
    /// What happened.
    public var status: Status
    /// The files written into the folder (script and data always; images when drawn).
    public var files: [String]
    /// The folder holding the files, relative to the report's scenario folder (`""` or `optimize`).
    public var subfolder: String = ""

    /// The SVG image's file name.
    public var svgFile: String { name + ".svg" }
    /// The PNG image's file name.
    public var pngFile: String { name + ".png" }
    /// The script's file name.
    public var scriptFile: String { name + ".gp" }
    /// True when the images exist.
    public var isDrawn: Bool { status == .drawn }
}
