// The one compiler-rt builtin that the seeded shuffle's WebAssembly module needs beyond runtime.c: the 128-bit
// multiply that Swift's integer-to-text conversion (a card's rank in its code) uses to divide by constants. Built
// with 64-bit multiplies only, so that it does not call itself.
typedef unsigned long long u64;

__int128 __multi3(__int128 a, __int128 b) {
    u64 a_low = (u64)a, a_high = (u64)((unsigned __int128)a >> 64);
    u64 b_low = (u64)b, b_high = (u64)((unsigned __int128)b >> 64);
    u64 a0 = a_low & 0xffffffffu, a1 = a_low >> 32, b0 = b_low & 0xffffffffu, b1 = b_low >> 32;
    u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    u64 middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    u64 low = (p00 & 0xffffffffu) | (middle << 32);
    u64 high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + a_low * b_high + a_high * b_low;
    return (__int128)(((unsigned __int128)high << 64) | low);
}
