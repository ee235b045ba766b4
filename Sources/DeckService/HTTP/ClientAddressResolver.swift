import HTTPTypes
import NIOCore

/// Who a request comes from, as every per-client cap counts it (rate limit, event streams, joins,
/// remembered keys, new decks' keys): the connection's peer, or, when the peer is a trusted proxy
/// (`--trusted-proxy`), the address the proxies say they forwarded for.
///
/// From a trusted peer, the addresses of `Forwarded: for=…` (RFC 7239) or, without it,
/// `X-Forwarded-For` are read from the right: the first one that is not itself a trusted proxy is
/// the client (the ones left of it were written by the client, and prove nothing). From any other
/// peer both headers are ignored: a client cannot pick its own address. An IPv6 client is counted
/// by its /64 (one household's or one host's whole prefix), an IPv4 client by its address.
///
/// ```swift
/// let resolver = ClientAddressResolver(trustedProxies: [IPNetwork("10.0.0.0/8")!])
/// resolver.client(peer: peer, headers: request.headers)   // "203.0.113.7", "2001:db8:1:2::/64"
/// ```
struct ClientAddressResolver: Sendable {
    /// The peers whose forwarding headers are believed.
    let trustedProxies: [IPNetwork]

    /// The key a request's client is counted by.
    ///
    /// - Parameters:
    ///   - peer: the connection's peer, `nil` when unknown.
    ///   - headers: the request's header fields.
    /// - Returns: an IPv4 address, an IPv6 /64 (`2001:db8:1:2::/64`), or `unknown`.
    func client(peer: SocketAddress?, headers: HTTPFields) -> String {
        guard let peer, let peerBytes = IPNetwork.bytes(of: peer) else { return "unknown" }
        guard isTrusted(peerBytes) else { return Self.key(of: peerBytes) }
        for candidate in forwardedAddresses(in: headers).reversed() {
            guard let bytes = IPNetwork.bytes(of: candidate) else { break }
            if !isTrusted(bytes) { return Self.key(of: bytes) }
        }
        return Self.key(of: peerBytes)
    }

    /// Whether a peer's address is a trusted proxy's.
    func isTrusted(_ address: [UInt8]) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }

    /// The key of an address: IPv4 as it is, IPv6 by its /64.
    static func key(of address: [UInt8]) -> String {
        guard address.count == 16 else { return IPNetwork.text(of: address) }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(address[$0]) << 8 | UInt16(address[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }

    /// The addresses the proxies list, first hop first: `Forwarded`'s `for=` when present, else
    /// `X-Forwarded-For`'s, every field of the header in order.
    private func forwardedAddresses(in headers: HTTPFields) -> [String] {
        let forwarded = headers[values: .forwarded]
        if !forwarded.isEmpty {
            return forwarded.flatMap { $0.split(separator: ",") }.compactMap { element in
                for pair in element.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2, parts[0].trimmed.lowercased() == "for" else { continue }
                    var value = parts[1].trimmed
                    if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                        value = value.dropFirst().dropLast()
                    }
                    // `for="[2001:db8::1]:4711"` and `for=192.0.2.1:4711`: the address without its port.
                    if value.hasPrefix("["), let end = value.firstIndex(of: "]") {
                        return String(value[value.startIndex...end])
                    }
                    if value.filter({ $0 == ":" }).count == 1, let colon = value.firstIndex(of: ":") {
                        return String(value[..<colon])
                    }
                    return String(value)
                }
                return "unknown"
            }
        }
        return headers[values: .xForwardedFor].flatMap { $0.split(separator: ",") }.map { String($0.trimmed) }
    }
}

extension HTTPField.Name {
    static let forwarded = HTTPField.Name("Forwarded")!
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}

extension Substring {
    fileprivate var trimmed: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
