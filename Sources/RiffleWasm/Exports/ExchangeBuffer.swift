/// The block of linear memory through which the page and the engines pass numbers.
///
/// Every export that returns more than one number writes it here and returns a count; exports that take a list
/// read it from here. The page views the same bytes as a `Float64Array` (stack frames and events) or an
/// `Int32Array` (list snapshots and diffs), found at ``riffle_buffer()`` with ``riffle_buffer_capacity()`` bytes.
enum ExchangeBuffer {
    /// The buffer's size in bytes: 64 KiB, room for 5,000 card placements or 16,000 list numbers.
    static let byteCount = 65_536

    /// The buffer's start; allocated once, on first use, and never freed.
    // Safe without a lock: a wasm instance has one thread, and only these exports touch the buffer.
    nonisolated(unsafe) static var start: UnsafeMutableRawPointer? = nil

    static var base: UnsafeMutableRawPointer {
        if let start { return start }
        let allocated = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        allocated.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        start = allocated
        return allocated
    }

    /// The buffer seen as 64-bit floats.
    static var doubles: UnsafeMutablePointer<Double> { base.assumingMemoryBound(to: Double.self) }
    /// How many 64-bit floats fit.
    static var doubleCapacity: Int { byteCount / 8 }

    /// The buffer seen as 32-bit integers.
    static var integers: UnsafeMutablePointer<Int32> { base.assumingMemoryBound(to: Int32.self) }
    /// How many 32-bit integers fit.
    static var integerCapacity: Int { byteCount / 4 }
}

/// The address of the exchange buffer in linear memory.
@_expose(wasm, "riffle_buffer")
@_cdecl("riffle_buffer")
public func riffle_buffer() -> UnsafeMutableRawPointer {
    ExchangeBuffer.base
}

/// The exchange buffer's size in bytes.
@_expose(wasm, "riffle_buffer_capacity")
@_cdecl("riffle_buffer_capacity")
public func riffle_buffer_capacity() -> Int32 {
    Int32(ExchangeBuffer.byteCount)
}
