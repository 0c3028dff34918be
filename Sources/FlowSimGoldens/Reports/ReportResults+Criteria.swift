import FlowSimImage
import FlowSimSupport

extension ReportResults {
    /// What a comparison was judged by, for results.json: `criteria` always, and the mean SSIM,
    /// the largest ΔE94 and the masked pixel count when they apply (so merged shard reports
    /// show them too).
    static func criteriaMembers(_ c: ImageComparisonResult) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [("criteria", .string(c.criteria))]
        if let ssim = c.ssim { members.append(("ssim", .number(ssim))) }
        if let delta = c.maxDeltaE { members.append(("maxDeltaE", .number(delta))) }
        if c.maskedPixels > 0 { members.append(("maskedPixels", .number(Double(c.maskedPixels)))) }
        return members
    }

    /// Reads back what `criteriaMembers` wrote (absent in reports written before it).
    static func readCriteria(_ value: JSONValue, into c: inout ImageComparisonResult) {
        guard case .object(let members) = value else { return }
        for (key, member) in members {
            switch (key, member) {
            case ("criteria", .string(let text)): c.criteria = text
            case ("ssim", .number(let n)): c.ssim = n
            case ("maxDeltaE", .number(let n)): c.maxDeltaE = n
            // A count no image can have is ignored rather than converted (Int(1e300) traps).
            case ("maskedPixels", .number(let n)) where n >= 0 && n <= 1e15: c.maskedPixels = Int(n)
            default: break
            }
        }
    }
}
