/// An sRGB colour with straight (not premultiplied) alpha, 8 bits per channel.
struct Color: Hashable, Sendable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8

    init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from `0xRRGGBB`.
    init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(
            red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF), alpha: alpha)
    }

    /// The colour as SVG writes it: `#rrggbb`, or `#rgb` when each channel's two digits repeat.
    var svgHex: String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        let channels = [red, green, blue]
        var text = "#"
        let isShort = channels.allSatisfy { $0 >> 4 == $0 & 0xF }
        for channel in channels {
            text.unicodeScalars.append(digits[Int(channel >> 4)])
            if !isShort { text.unicodeScalars.append(digits[Int(channel & 0xF)]) }
        }
        return text
    }
}
