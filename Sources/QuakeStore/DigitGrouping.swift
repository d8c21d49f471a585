/// Whole numbers with their thousands grouped by commas, `4,711`: the same
/// on every machine, whatever the locale (the browser, `stats`, errors).
public enum DigitGrouping {
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
