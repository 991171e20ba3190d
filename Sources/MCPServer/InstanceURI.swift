/// The URIs of instance resources: `switchboard://instance/<id>`, the id percent-encoded.
enum InstanceURI {
    /// Where instance resources live.
    static let prefix = "switchboard://instance/"

    /// The digits of percent-encoding, by value.
    private static let hex = Array("0123456789ABCDEF".unicodeScalars)

    /// `switchboard://instance/<id>`, the id percent-encoded except for unreserved bytes.
    static func uri(of id: String) -> String {
        var text = Self.prefix
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                text.unicodeScalars.append("%")
                text.unicodeScalars.append(hex[Int(byte >> 4)])
                text.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return text
    }

    /// The id in an instance URI; nil for anything else (or invalid percent-encoding).
    static func instanceID(fromURI uri: String) -> String? {
        let bytes = Array(uri.utf8)
        let prefix = Array(Self.prefix.utf8)
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
        var id: [UInt8] = []
        var index = prefix.count
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
                id.append(high << 4 | low)
                index += 3
            } else {
                id.append(bytes[index])
                index += 1
            }
        }
        return String(validating: id, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
