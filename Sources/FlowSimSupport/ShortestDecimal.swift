import Foundation

/// FlowSim's number printer: the shortest decimal that reads back as the same `Double`, laid out
/// as Swift's `description` lays it out, with integers below 10¹⁵ printed without a fraction.
/// Written into a byte buffer, with no `String` made per number.
///
/// - Whole numbers below 10¹⁵: integer digits.
/// - Other numbers in [10⁻⁴, 10¹⁵): exact. The double is `f·2^e`; its round-trip interval (half
///   an ulp each side, a quarter below at a power of two; closed when `f` is even, as a
///   round-half-even reader lands on it) is scaled by 10^k in 128-bit integers, and the smallest
///   k whose interval holds an integer gives the shortest digits (the interval scaled by 10 holds
///   10n, so the search can bisect); of those integers the one nearest the value is printed.
/// - The rest (tiny, huge, non-finite): C's correctly rounded `%.*e` at increasing precision until
///   `strtod` reads it back, then laid out as Swift does (exponential below 10⁻⁴ or above 2⁵³).
///
/// `ShortestDecimalTests` checks it byte for byte against `String(Double)` on millions of doubles.
public enum ShortestDecimal {
    /// `formatNumber(value)` appended to `output` as UTF-8.
    @inlinable
    public static func append(_ value: Double, to output: inout [UInt8]) {
        if value == value.rounded() && abs(value) < 1e15 {
            appendInteger(Int64(value), to: &output)
            return
        }
        appendFraction(value, to: &output)
    }

    /// The decimal digits of `value`.
    @inlinable
    public static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            output.append(UInt8(truncatingIfNeeded: magnitude) &+ 48)
            return
        }
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, enough for 20 digits
        withUnsafeMutableBytes(of: &scratch) { bytes in
            var position = bytes.count
            while magnitude > 0 {
                position -= 1
                bytes[position] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 48
                magnitude /= 10
            }
            output.append(contentsOf: bytes[position...])
        }
    }

    /// A number that is not a whole number below 10¹⁵ (or is not finite).
    @usableFromInline
    static func appendFraction(_ value: Double, to output: inout [UInt8]) {
        guard value.isFinite else {
            output.append(contentsOf: String(value).utf8)  // nan, -nan, inf, -inf as Swift spells them
            return
        }
        let magnitude = abs(value)
        if magnitude >= 1e-4 && magnitude < 1e15 {
            let (digits, fractionDigits) = shortestFixed(magnitude)
            if value.sign == .minus { output.append(UInt8(ascii: "-")) }
            appendFixed(digits, fractionDigits: fractionDigits, to: &output)
            return
        }
        appendFallback(value, to: &output)
    }

    // MARK: Exact path

    private static let tenPowers: [Double] = (0...16).map { pow(10, Double($0)) }

    private static let powersOfTen: [UInt128] = {
        var powers: [UInt128] = [1]
        for _ in 1...22 { powers.append(powers.last! * 10) }
        return powers
    }()

    /// The shortest `(n, k)` with `n / 10^k` reading back as `magnitude` (in [1e-4, 1e15), not whole).
    static func shortestFixed(_ magnitude: Double) -> (UInt64, Int) {
        let bits = magnitude.bitPattern
        let biased = Int((bits >> 52) & 0x7FF)
        let fraction = bits & ((1 << 52) - 1)
        let f = UInt128(fraction | (1 << 52))
        let shift = 2 - (biased - 1075)  // value = 4f / 2^shift
        let mid = 4 * f
        let high = mid + 2
        let low = fraction == 0 && biased > 1 ? mid - 1 : mid - 2
        let inclusive = f & 1 == 0
        let mask = (UInt128(1) << shift) - 1

        /// The integers n with low·10^k ≤ n·2^shift ≤ high·10^k (strict unless `inclusive`).
        func range(_ k: Int) -> (UInt128, UInt128) {
            let p = powersOfTen[k]
            let lowScaled = low * p
            var lowN = lowScaled >> shift
            if lowScaled & mask != 0 || !inclusive { lowN += 1 }
            let highScaled = high * p
            var highN = highScaled >> shift
            if highScaled & mask == 0 && !inclusive { highN -= 1 }
            return (lowN, highN)
        }

        var k = 1
        var found: (UInt128, UInt128)? = nil
        while k <= 3 {
            let r = range(k)
            if r.0 <= r.1 {
                found = r
                break
            }
            k += 1
        }
        if found == nil {
            // Most values need 16 or 17 digits: try 15 significant digits first, then 16, 17…;
            // below 15 bisect (the interval at 21 always holds an integer: 17 digits or more).
            var integerDigits = 1
            while integerDigits < 16 && magnitude >= tenPowers[integerDigits] { integerDigits += 1 }
            if magnitude < 1 { integerDigits = 0 }
            var lo = 4
            var hi = 21
            let fifteen = min(21, max(4, 15 - integerDigits))
            if range(fifteen).0 <= range(fifteen).1 {
                hi = fifteen
            } else {
                lo = fifteen + 1
                while lo < 21 && !(range(lo).0 <= range(lo).1) { lo += 1 }
                hi = lo
            }
            while lo < hi {
                let middle = (lo + hi) / 2
                let r = range(middle)
                if r.0 <= r.1 { hi = middle } else { lo = middle + 1 }
            }
            k = lo
            found = range(k)
        }
        let (lowN, highN) = found!
        // The candidate nearest the value (ties to even), kept inside the interval.
        let scaled = mid * powersOfTen[k]
        var n = scaled >> shift
        let remainder = scaled & mask
        let half = UInt128(1) << (shift - 1)
        if remainder > half || (remainder == half && n & 1 == 1) { n += 1 }
        n = min(max(n, lowN), highN)
        return (UInt64(n), k)
    }

    /// `n / 10^k` in decimal notation: integer part, point, `k` fraction digits.
    static func appendFixed(_ n: UInt64, fractionDigits k: Int, to output: inout [UInt8]) {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { bytes in
            var position = bytes.count
            var rest = n
            while rest > 0 {
                position -= 1
                bytes[position] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
                rest /= 10
            }
            let count = bytes.count - position
            if count <= k {
                output.append(UInt8(ascii: "0"))
                output.append(UInt8(ascii: "."))
                for _ in 0..<(k - count) { output.append(UInt8(ascii: "0")) }
                output.append(contentsOf: bytes[position...])
            } else {
                output.append(contentsOf: bytes[position..<(bytes.count - k)])
                output.append(UInt8(ascii: "."))
                output.append(contentsOf: bytes[(bytes.count - k)...])
            }
        }
    }

    // MARK: Fallback (tiny and huge numbers)

    /// With `buffer` holding `value` to 16 digits (`%.15e`) that do not read back: the 16-digit
    /// neighbour away from the value, in `buffer`, when it reads back.
    static func nextSixteen(_ value: Double, rounded buffer: inout [CChar]) -> Bool {
        let text = String(cString: buffer)
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else { return false }
        let mantissa = text[..<e].filter { $0 != "." && $0 != "-" }
        guard let digits = Int64(mantissa), let rounded = Double(text) else { return false }
        let neighbour = abs(rounded) < abs(value) ? digits + 1 : digits - 1
        let candidate = (value < 0 ? "-" : "") + "\(neighbour)e\(exponent - mantissa.count + 1)"
        guard strtod(candidate, nil) == value else { return false }
        // As `%.*e` would print it: one digit, a point, the rest.
        let neighbourDigits = String(neighbour)
        let shifted = exponent + neighbourDigits.count - mantissa.count
        let formatted =
            (value < 0 ? "-" : "") + neighbourDigits.prefix(1) + "." + neighbourDigits.dropFirst() + "e"
            + (shifted < 0 ? "-" : "+") + String(abs(shifted))
        buffer = Array(formatted.utf8CString)
        return true
    }

    static func appendFallback(_ value: Double, to output: inout [UInt8]) {
        var buffer = [CChar](repeating: 0, count: 40)
        func digits(_ precision: Int) -> Bool {
            _ = withVaList([Int32(precision - 1), value]) { vsnprintf(&buffer, 40, "%.*e", $0) }
            return strtod(buffer, nil) == value
        }
        // Below 16 digits the p-digit rounding reads back for every p ≥ the shortest; 17 always does.
        var precision = 17
        if digits(15) {
            var lo = 1
            var hi = 15
            while lo < hi {
                let middle = (lo + hi) / 2
                if digits(middle) { hi = middle } else { lo = middle + 1 }
            }
            precision = lo
        } else if digits(16) {
            precision = 16
        } else if nextSixteen(value, rounded: &buffer) {
            // At a power of two the interval below is half as wide: the nearest 16 digits can
            // fall outside it while the next ones up still read back.
            precision = 0
        }
        if precision > 0 { _ = digits(precision) }
        // Parse "-d.ddde±XX" into digits and the exponent of the first digit.
        let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        var digitBytes: [UInt8] = []
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        while index < text.count, text[index] != UInt8(ascii: "e") {
            if text[index] != UInt8(ascii: ".") { digitBytes.append(text[index]) }
            index += 1
        }
        let exponent = Int(String(decoding: text[(index + 1)...], as: UTF8.self))!
        while digitBytes.count > 1, digitBytes.last == UInt8(ascii: "0") { digitBytes.removeLast() }
        if negative { output.append(UInt8(ascii: "-")) }
        let decimalExponent = exponent + 1  // value = 0.digits × 10^decimalExponent
        if decimalExponent < -3 || abs(value) > 0x1.0p53 {
            output.append(digitBytes[0])
            if digitBytes.count > 1 {
                output.append(UInt8(ascii: "."))
                output.append(contentsOf: digitBytes[1...])
            }
            output.append(UInt8(ascii: "e"))
            output.append(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            if abs(exponent) < 10 { output.append(UInt8(ascii: "0")) }
            appendInteger(Int64(abs(exponent)), to: &output)
        } else if decimalExponent <= 0 {
            output.append(contentsOf: Array("0.".utf8))
            for _ in 0..<(-decimalExponent) { output.append(UInt8(ascii: "0")) }
            output.append(contentsOf: digitBytes)
        } else if decimalExponent >= digitBytes.count {
            output.append(contentsOf: digitBytes)
            for _ in 0..<(decimalExponent - digitBytes.count) { output.append(UInt8(ascii: "0")) }
            output.append(contentsOf: Array(".0".utf8))
        } else {
            output.append(contentsOf: digitBytes[..<decimalExponent])
            output.append(UInt8(ascii: "."))
            output.append(contentsOf: digitBytes[decimalExponent...])
        }
    }
}
