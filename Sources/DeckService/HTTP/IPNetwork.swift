import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IP address as bytes (4 for IPv4, 16 for IPv6), and a network of them (`10.0.0.0/8`,
/// `fd00::/8`, or one address), for ``ClientAddressResolver``'s trusted proxies.
///
/// Addresses are parsed by NIO (`SocketAddress(ipAddress:port:)`); an IPv4-mapped IPv6 address
/// (`::ffff:192.0.2.1`) is its IPv4 address.
struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    /// The network's address, its bits past ``prefixLength`` zero.
    let address: [UInt8]
    /// How many leading bits a member shares with ``address``.
    let prefixLength: Int

    /// Parses `192.0.2.0/24`, `2001:db8::/32`, or an address alone (a network of one).
    ///
    /// - Returns: `nil` when `text` is not a network.
    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let address = Self.bytes(of: String(parts[0])) else { return nil }
        let bits = address.count * 8
        var prefixLength = bits
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length) else { return nil }
            prefixLength = length
        }
        self.address = Self.masked(address, to: prefixLength)
        self.prefixLength = prefixLength
    }

    /// Whether `address` (bytes, as ``bytes(of:)-(String)`` gives them) is in this network.
    func contains(_ address: [UInt8]) -> Bool {
        address.count == self.address.count && Self.masked(address, to: prefixLength) == self.address
    }

    var description: String { Self.text(of: address) + "/" + String(prefixLength) }

    /// The bytes of an IP address written as text, `nil` when it is none.
    static func bytes(of text: String) -> [UInt8]? {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        guard !text.isEmpty, text.count <= 64 else { return nil }
        let written = String(text)
        if let bytes = packed(written, family: AF_INET, count: 4) { return bytes }
        guard let bytes = packed(written, family: AF_INET6, count: 16) else { return nil }
        // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address.
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return Array(bytes[12...])
        }
        return bytes
    }

    /// The bytes of a socket's IP address, `nil` for a Unix socket.
    ///
    /// Read straight out of the `sockaddr_in`/`sockaddr_in6` NIO holds, at the fields' offsets: under
    /// `MemberImportVisibility` the compiler attributes `sin_addr` and `sin6_addr` to NIO's internal shim module
    /// `CNIOLinux` (whose header includes the same system header), which this target may not import, so the fields
    /// cannot be named. The offsets (4 and 8, the same on Linux and the BSDs) are checked once against addresses
    /// parsed with `inet_pton(3)` (``rawLayoutHolds``); where they do not hold, the address goes through its text
    /// instead. Called once per request, this is the cheap path: the text round-trip (`inet_ntop` through
    /// `sprintf`, then `inet_pton`) was 2% of the server's time at one connection.
    static func bytes(of socket: SocketAddress) -> [UInt8]? {
        guard rawLayoutHolds else { return socket.ipAddress.flatMap { bytes(of: $0) } }
        switch socket {
        case .v4(let address):
            return rawBytes(of: address.address, at: ipv4Offset, count: 4)
        case .v6(let address):
            let bytes = rawBytes(of: address.address, at: ipv6Offset, count: 16)
            // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address.
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
                return Array(bytes[12...])
            }
            return bytes
        case .unixDomainSocket:
            return nil
        }
    }

    /// Where `sin_addr` and `sin6_addr` lie in their structures on Linux and the BSDs.
    private static let ipv4Offset = 4
    private static let ipv6Offset = 8

    /// `count` bytes of `value`'s memory from `offset`.
    private static func rawBytes<Value>(of value: Value, at offset: Int, count: Int) -> [UInt8] {
        withUnsafeBytes(of: value) { Array($0[offset..<(offset + count)]) }
    }

    /// Whether the fixed offsets find the addresses `inet_pton(3)` parses, for an IPv4 and an IPv6 address.
    static let rawLayoutHolds: Bool = {
        guard let v4 = try? SocketAddress(ipAddress: "192.0.2.10", port: 1),
            let v6 = try? SocketAddress(ipAddress: "2001:db8:1:2::a", port: 1),
            case .v4(let four) = v4, case .v6(let six) = v6,
            MemoryLayout.size(ofValue: four.address) >= ipv4Offset + 4,
            MemoryLayout.size(ofValue: six.address) >= ipv6Offset + 16
        else { return false }
        return rawBytes(of: four.address, at: ipv4Offset, count: 4) == packed("192.0.2.10", family: AF_INET, count: 4)
            && rawBytes(of: six.address, at: ipv6Offset, count: 16)
                == packed("2001:db8:1:2::a", family: AF_INET6, count: 16)
    }()

    /// `inet_pton(3)` of `text` in `family`, `nil` when `text` is not an address of that family.
    private static func packed(_ text: String, family: CInt, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let parsed = bytes.withUnsafeMutableBytes { inet_pton(family, text, $0.baseAddress) }
        return parsed == 1 ? bytes : nil
    }

    /// `address` with every bit past the first `length` cleared.
    static func masked(_ address: [UInt8], to length: Int) -> [UInt8] {
        address.enumerated().map { index, byte in
            let kept = max(0, min(8, length - index * 8))
            return kept == 8 ? byte : byte & UInt8(truncatingIfNeeded: 0xff << (8 - kept))
        }
    }

    /// An address's bytes as text: dotted for IPv4, eight groups of hex for IPv6.
    static func text(of address: [UInt8]) -> String {
        if address.count == 4 { return address.map { String($0) }.joined(separator: ".") }
        return stride(from: 0, to: address.count, by: 2).map {
            String(UInt16(address[$0]) << 8 | UInt16(address[$0 + 1]), radix: 16)
        }.joined(separator: ":")
    }
}
