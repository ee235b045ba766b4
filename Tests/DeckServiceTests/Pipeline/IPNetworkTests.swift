import NIOCore
import Testing

@testable import DeckService

/// A socket's address bytes, read straight out of NIO's `sockaddr` at checked offsets, are the ones its text gives.
@Suite struct IPNetworkTests {
    @Test func theRawLayoutHoldsOnThisPlatform() {
        #expect(IPNetwork.rawLayoutHolds)
    }

    @Test(arguments: [
        "127.0.0.1", "203.0.113.7", "255.255.255.255", "0.0.0.0", "::1", "2001:db8:1:2::a",
        "fe80::1:2:3:4", "::ffff:198.51.100.9", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
    ])
    func aSocketsBytesAreItsTextsBytes(_ text: String) throws {
        let socket = try SocketAddress(ipAddress: text, port: 443)
        let bytes = try #require(IPNetwork.bytes(of: socket))
        #expect(bytes == IPNetwork.bytes(of: text))
        #expect(bytes.count == (text.contains(".") ? 4 : 16))
    }
}
