import Foundation

/// Checks that an image gnuplot wrote is whole: gnuplot can exit 0 with a figure the disk cut
/// short (a full disk, a quota), which a browser then shows half drawn or not at all.
///
/// A PNG is whole when it starts with the PNG signature and ends with the `IEND` chunk (its
/// 12 fixed bytes); an SVG when its last non-blank text is the closing `</svg>` tag.
enum FigureCheck {
    /// What the check found.
    enum Finding: Equatable {
        /// The image is complete.
        case whole
        /// No image, or an empty one: gnuplot drew nothing (a figure failure).
        case missing
        /// The image was cut short: why (a write failure).
        case cut(String)
    }

    /// The PNG signature.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The `IEND` chunk that ends every PNG: length 0, type, CRC.
    static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Checks the image at `path` by its extension (`.png` or `.svg`).
    static func check(_ path: String) -> Finding {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return .missing }
        let bytes = [UInt8](data)
        if path.hasSuffix(".png") {
            guard bytes.starts(with: pngSignature), bytes.count >= pngSignature.count + pngEnd.count,
                Array(bytes.suffix(pngEnd.count)) == pngEnd
            else { return .cut("the PNG is cut short after \(bytes.count) bytes (no IEND chunk); is the disk full?") }
            return .whole
        }
        if path.hasSuffix(".svg") {
            let tail = String(decoding: bytes.suffix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard tail.hasSuffix("</svg>") else {
                return .cut("the SVG is cut short after \(bytes.count) bytes (no closing </svg> tag); is the disk full?")
            }
            return .whole
        }
        return .whole
    }

    /// The system's reason when gnuplot's error output says it could not write (a full disk, a
    /// quota, a read-only or failing file system), else `nil`.
    static func writeFailure(in standardError: String) -> String? {
        let reasons = [
            String(cString: strerror(ENOSPC)), String(cString: strerror(EDQUOT)), String(cString: strerror(EROFS)),
            String(cString: strerror(EIO)), String(cString: strerror(EFBIG)),
        ]
        return reasons.first { standardError.contains($0) }
    }
}
