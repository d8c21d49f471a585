import Foundation
import GRDB
@testable import QuakeQuery
import QuakeStore
import Testing

/// A predicate that parses: its canonical text and, where given, its SQL.
struct ParsedCase: Sendable, CustomTestStringConvertible {
    let input: String
    let arguments: [any Sendable]
    let canonical: String
    let sql: String?
    let sqlArguments: StatementArguments
    var testDescription: String { input + (arguments.isEmpty ? "" : " with \(arguments)") }
}

/// A predicate that does not parse, and exactly what the user is told.
struct RejectedCase: Sendable, CustomTestStringConvertible {
    let input: String
    let arguments: [any Sendable]
    let error: String
    var testDescription: String { input + (arguments.isEmpty ? "" : " with \(arguments)") }
}

private func parses(_ input: String, with arguments: [any Sendable] = [], as canonical: String,
                    sql: String? = nil, _ sqlArguments: StatementArguments = []) -> ParsedCase {
    ParsedCase(input: input, arguments: arguments, canonical: canonical, sql: sql, sqlArguments: sqlArguments)
}

private func rejects(_ input: String, with arguments: [any Sendable] = [], _ error: String) -> RejectedCase {
    RejectedCase(input: input, arguments: arguments, error: error)
}

/// 2018-06-10T00:00:00Z and 2018-06-10T12:30:00Z in epoch milliseconds.
private let june10 = 1_528_588_800_000.0
private let june10HalfPastNoon = 1_528_633_800_000.0
private let june11 = 1_528_675_200_000.0

private let comparisons: [ParsedCase] = [
    parses("magnitude >= 4.5", as: "magnitude >= 4.5", sql: "(magnitude IS NOT NULL AND magnitude >= ?)", [4.5]),
    parses("magnitude => 4.5", as: "magnitude >= 4.5", sql: "(magnitude IS NOT NULL AND magnitude >= ?)", [4.5]),
    parses("magnitude > 4", as: "magnitude > 4", sql: "(magnitude IS NOT NULL AND magnitude > ?)", [4]),
    parses("magnitude < 3", as: "magnitude < 3", sql: "(magnitude IS NOT NULL AND magnitude < ?)", [3]),
    parses("magnitude <= 3", as: "magnitude <= 3", sql: "(magnitude IS NOT NULL AND magnitude <= ?)", [3]),
    parses("magnitude =< 3", as: "magnitude <= 3"),
    parses("depth = 10", as: "depth == 10", sql: "depth = ?", [10]),
    parses("depth == 10", as: "depth == 10", sql: "depth = ?", [10]),
    parses("depth != 10", as: "depth != 10", sql: "depth <> ?", [10]),
    parses("depth <> 10", as: "depth != 10", sql: "depth <> ?", [10]),
    parses("magnitude != 3", as: "magnitude != 3", sql: "(magnitude IS NULL OR magnitude <> ?)", [3]),
    parses("felt < 10", as: "felt < 10", sql: "(felt IS NOT NULL AND felt < ?)", [10]),
    parses("alert != \"green\"", as: "alert != \"green\"", sql: "(alert IS NULL OR alert <> ?)", ["green"]),
    parses("magnitude>=4.5&&depth<1", as: "magnitude >= 4.5 AND depth < 1"),
    parses("  sig   >   100  ", as: "sig > 100", sql: "(sig IS NOT NULL AND sig > ?)", [100]),
    // A value on the left flips the operator.
    parses("5 < magnitude", as: "magnitude > 5", sql: "(magnitude IS NOT NULL AND magnitude > ?)", [5]),
    parses("4 >= depth", as: "depth <= 4", sql: "depth <= ?", [4]),
    parses("10 != depth", as: "depth != 10"),
    parses("\"ak\" == net", as: "net == \"ak\"", sql: "net = ?", ["ak"]),
    parses("NULL == alert", as: "alert == NULL", sql: "alert IS NULL"),
    // BETWEEN and IN.
    parses("magnitude BETWEEN {2, 3}", as: "magnitude BETWEEN {2, 3}",
           sql: "(magnitude IS NOT NULL AND magnitude BETWEEN ? AND ?)", [2, 3]),
    parses("depth between {-1, 0.5}", as: "depth BETWEEN {-1, 0.5}", sql: "depth BETWEEN ? AND ?", [-1, 0.5]),
    parses("net IN {\"ak\", \"us\"}", as: "net IN {\"ak\", \"us\"}", sql: "net IN (?, ?)", ["ak", "us"]),
    parses("magnitude in {1, 2, 3}", as: "magnitude IN {1, 2, 3}",
           sql: "(magnitude IS NOT NULL AND magnitude IN (?, ?, ?))", [1, 2, 3]),
    parses("alert IN {NULL, \"green\"}", as: "alert IN {NULL, \"green\"}", sql: "(alert IS NULL OR alert IN (?))", ["green"]),
    parses("net IN[c] {\"AK\", \"Us\"}", as: "net IN[c] {\"ak\", \"us\"}", sql: "quake_foldcase(net) IN (?, ?)", ["ak", "us"]),
    parses("magnitude IN {}", as: "magnitude IN {}", sql: "(magnitude IS NOT NULL AND magnitude IN ())"),
]

private let strings: [ParsedCase] = [
    parses("place CONTAINS \"Alaska\"", as: "place CONTAINS \"Alaska\"", sql: "instr(place, ?) > 0", ["Alaska"]),
    parses("place CONTAINS[c] \"ALASKA\"", as: "place CONTAINS[c] \"alaska\"", sql: "instr(quake_foldcase(place), ?) > 0", ["alaska"]),
    parses("place CONTAINS[d] \"Île\"", as: "place CONTAINS[d] \"Ile\"", sql: "instr(quake_folddiacritics(place), ?) > 0", ["Ile"]),
    parses("place CONTAINS[cd] \"Île\"", as: "place CONTAINS[cd] \"ile\"", sql: "instr(placeFolded, ?) > 0", ["ile"]),
    parses("place CONTAINS[dc] \"X\"", as: "place CONTAINS[cd] \"x\""),
    parses("place CONTAINS[CD] \"X\"", as: "place CONTAINS[cd] \"x\""),
    parses("place BEGINSWITH \"5km\"", as: "place BEGINSWITH \"5km\"", sql: "instr(place, ?) = 1", ["5km"]),
    parses("place beginswith[c] \"ALASKA\"", as: "place BEGINSWITH[c] \"alaska\"", sql: "instr(quake_foldcase(place), ?) = 1", ["alaska"]),
    parses("place ENDSWITH \"Hawaii\"", as: "place ENDSWITH \"Hawaii\"", sql: "substr(place, -?) = ?", [6, "Hawaii"]),
    parses("place EndsWith[c] \"HAWAII\"", as: "place ENDSWITH[c] \"hawaii\"", sql: "substr(quake_foldcase(place), -?) = ?", [6, "hawaii"]),
    parses("place ENDSWITH \"\"", as: "place ENDSWITH \"\"", sql: "1"),
    parses("place LIKE \"*Hawaii\"", as: "place LIKE \"*Hawaii\"", sql: "place GLOB ?", ["*Hawaii"]),
    parses("place LIKE \"?km [SW] of*\"", as: "place LIKE \"?km [SW] of*\"", sql: "place GLOB ?", ["?km [[]SW] of*"]),
    parses("place like[cd] \"*ÎLE*\"", as: "place LIKE[cd] \"*ile*\"", sql: "placeFolded GLOB ?", ["*ile*"]),
    parses("title MATCHES \"M [5-9].*\"", as: "title MATCHES \"M [5-9].*\"", sql: "quake_matches(?, quake_title(title, magnitude, type, place), ?)",
           ["M [5-9].*", "title MATCHES \"M [5-9].*\""]),
    parses("place MATCHES[c] \".*alaska\"", as: "place MATCHES[c] \".*alaska\"", sql: "quake_matches(?, place, ?)",
           ["(?i).*alaska", "place MATCHES[c] \".*alaska\""]),
    parses("place matches[cd] \".*Île.*\"", as: "place MATCHES[cd] \".*Ile.*\"",
           sql: "quake_matches(?, quake_folddiacritics(place), ?)",
           ["(?i).*Ile.*", "place MATCHES[cd] \".*Ile.*\""]),
    parses("alert CONTAINS \"green\"", as: "alert CONTAINS \"green\"", sql: "(alert IS NOT NULL AND instr(alert, ?) > 0)", ["green"]),
    parses("alert ==[c] \"GREEN\"", as: "alert ==[c] \"green\"", sql: "(alert IS NOT NULL AND quake_foldcase(alert) = ?)", ["green"]),
    parses("place ==[cd] \"Île\"", as: "place ==[cd] \"ile\"", sql: "placeFolded = ?", ["ile"]),
    parses("place <[c] \"B\"", as: "place <[c] \"b\"", sql: "quake_foldcase(place) < ?", ["b"]),
]

private let logic: [ParsedCase] = [
    parses("magnitude > 4 AND depth < 10", as: "magnitude > 4 AND depth < 10",
           sql: "((magnitude IS NOT NULL AND magnitude > ?) AND depth < ?)", [4, 10]),
    parses("magnitude > 4 && depth < 10", as: "magnitude > 4 AND depth < 10"),
    parses("depth < 1 OR depth > 5", as: "depth < 1 OR depth > 5", sql: "(depth < ? OR depth > ?)", [1, 5]),
    parses("depth < 1 || depth > 5", as: "depth < 1 OR depth > 5"),
    parses("NOT magnitude < 3", as: "NOT magnitude < 3", sql: "NOT ((magnitude IS NOT NULL AND magnitude < ?))", [3]),
    parses("!(magnitude < 3)", as: "NOT magnitude < 3"),
    parses("depth < 1 OR depth > 5 AND sig > 4", as: "depth < 1 OR depth > 5 AND sig > 4",
           sql: "(depth < ? OR (depth > ? AND (sig IS NOT NULL AND sig > ?)))", [1, 5, 4]),
    parses("(depth < 1 OR depth > 5) AND sig > 4", as: "(depth < 1 OR depth > 5) AND sig > 4",
           sql: "((depth < ? OR depth > ?) AND (sig IS NOT NULL AND sig > ?))", [1, 5, 4]),
    parses("NOT depth < 1 AND depth < 5", as: "NOT depth < 1 AND depth < 5", sql: "(NOT (depth < ?) AND depth < ?)", [1, 5]),
    parses("NOT (depth < 1 AND depth < 5)", as: "NOT (depth < 1 AND depth < 5)", sql: "NOT ((depth < ? AND depth < ?))", [1, 5]),
    parses("NOT NOT depth < 1", as: "NOT NOT depth < 1"),
    parses("((depth < 1))", as: "depth < 1"),
    parses("depth < 1 AND (depth < 2 AND depth < 3)", as: "depth < 1 AND depth < 2 AND depth < 3"),
    parses("depth < 1 OR depth < 2 OR depth < 3", as: "depth < 1 OR depth < 2 OR depth < 3",
           sql: "(depth < ? OR depth < ? OR depth < ?)", [1, 2, 3]),
    parses("depth < 1 OR (depth < 2 AND NOT (depth < 3 OR depth < 4))", as: "depth < 1 OR depth < 2 AND NOT (depth < 3 OR depth < 4)"),
    parses("TRUEPREDICATE", as: "TRUEPREDICATE", sql: "1"),
    parses("falsepredicate", as: "FALSEPREDICATE", sql: "0"),
    parses("NOT TRUEPREDICATE OR FALSEPREDICATE", as: "NOT TRUEPREDICATE OR FALSEPREDICATE", sql: "(NOT (1) OR 0)"),
    parses("magnitude > 4 and depth < 10 or not felt == nil", as: "magnitude > 4 AND depth < 10 OR NOT felt == NULL"),
    parses("Place Contains[c] \"x\" aNd PLACE beginsWITH \"y\"", as: "place CONTAINS[c] \"x\" AND place BEGINSWITH \"y\""),
]

private let literals: [ParsedCase] = [
    parses("place == 'Nikol\\'skoye'", as: "place == \"Nikol'skoye\"", sql: "place = ?", ["Nikol'skoye"]),
    parses("place == \"say \\\"hi\\\"\"", as: "place == \"say \\\"hi\\\"\"", sql: "place = ?", ["say \"hi\""]),
    parses("place == 'say \"hi\"'", as: "place == \"say \\\"hi\\\"\""),
    parses("place == \"back\\\\slash\"", as: "place == \"back\\\\slash\"", sql: "place = ?", ["back\\slash"]),
    parses("place == \"\\u00CEle\"", as: "place == \"Île\"", sql: "place = ?", ["Île"]),
    parses("place == \"\"", as: "place == \"\"", sql: "place = ?", [""]),
    parses("place CONTAINS \"東京\"", as: "place CONTAINS \"東京\""),
    parses("magnitude == -0.5", as: "magnitude == -0.5", sql: "(magnitude IS NOT NULL AND magnitude = ?)", [-0.5]),
    parses("depth < 1e3", as: "depth < 1000", sql: "depth < ?", [1000]),
    parses("depth < 1.5E-1", as: "depth < 0.15", sql: "depth < ?", [0.15]),
    parses("depth > 1e+2", as: "depth > 100"),
    parses("magnitude > .5", as: "magnitude > 0.5"),
    parses("magnitude > -.5", as: "magnitude > -0.5"),
    parses("sig > 000123", as: "sig > 123"),
    parses("code == 70264586", as: "code == \"70264586\"", sql: "code = ?", ["70264586"]),
    parses("magnitude == NULL", as: "magnitude == NULL", sql: "magnitude IS NULL"),
    parses("magnitude == nil", as: "magnitude == NULL", sql: "magnitude IS NULL"),
    parses("felt != NIL", as: "felt != NULL", sql: "felt IS NOT NULL"),
    parses("tsunami == TRUE", as: "tsunami == 1", sql: "(tsunami IS NOT NULL AND tsunami = ?)", [1]),
    parses("tsunami == yes", as: "tsunami == 1"),
    parses("tsunami == NO", as: "tsunami == 0"),
    parses("tsunami == false", as: "tsunami == 0"),
    parses("time >= \"2018-06-10\"", as: "time >= \"2018-06-10T00:00:00.000Z\"", sql: "time >= ?", [june10]),
    parses("time < '2018-06-10T12:30:00Z'", as: "time < \"2018-06-10T12:30:00.000Z\"", sql: "time < ?", [june10HalfPastNoon]),
    parses("updated > \"2018-06-10T14:30:00.250+02:00\"", as: "updated > \"2018-06-10T12:30:00.250Z\"",
           sql: "updated > ?", [june10HalfPastNoon + 250]),
    parses("time BETWEEN {\"2018-06-10\", \"2018-06-11\"}", as: "time BETWEEN {\"2018-06-10T00:00:00.000Z\", \"2018-06-11T00:00:00.000Z\"}",
           sql: "time BETWEEN ? AND ?", [june10, june11]),
    parses("time > 1528588800000", as: "time > \"2018-06-10T00:00:00.000Z\"", sql: "time > ?", [june10]),
    parses("day == \"2018-06-10\"", as: "day == \"2018-06-10\"", sql: "day = ?", ["2018-06-10"]),
]

private let substitutions: [ParsedCase] = [
    parses("day == %@", with: [Date(epochMilliseconds: 1_528_633_800_000)], as: "day == \"2018-06-10\"",
           sql: "day = ?", ["2018-06-10"]),
    parses("sig > %@", with: [UInt(500)], as: "sig > 500", sql: "(sig IS NOT NULL AND sig > ?)", [500.0]),
    parses("place == \"a\\nb\\tc\"", as: "place == \"a\\nb\\tc\"", sql: "place = ?", ["a\nb\tc"]),
    parses("place CONTAINS[cd] %@ AND magnitude >= %@", with: ["Alaska", 4.5], as: "place CONTAINS[cd] \"alaska\" AND magnitude >= 4.5",
           sql: "(instr(placeFolded, ?) > 0 AND (magnitude IS NOT NULL AND magnitude >= ?))", ["alaska", 4.5]),
    parses("magnitude > %@", with: [4], as: "magnitude > 4", sql: "(magnitude IS NOT NULL AND magnitude > ?)", [4]),
    parses("magnitude > %@", with: [Float(2.5)], as: "magnitude > 2.5"),
    parses("sig > %@", with: [Int64(600)], as: "sig > 600"),
    parses("time >= %@", with: [Date(epochMilliseconds: 1_528_588_800_000)], as: "time >= \"2018-06-10T00:00:00.000Z\"",
           sql: "time >= ?", [june10]),
    parses("time < %@", with: ["2018-06-10T12:30:00Z"], as: "time < \"2018-06-10T12:30:00.000Z\""),
    parses("net IN %@", with: [["ak", "us"]], as: "net IN {\"ak\", \"us\"}", sql: "net IN (?, ?)", ["ak", "us"]),
    parses("magnitude IN %@", with: [[4.5, 5] as [any Sendable]], as: "magnitude IN {4.5, 5}"),
    parses("%K > %@", with: ["mag", 4], as: "magnitude > 4"),
    parses("%K CONTAINS[c] %@", with: ["PLACE", "ALASKA"], as: "place CONTAINS[c] \"alaska\""),
    parses("place == %@", with: [ExtraQuakes.dropTable], as: "place == \"'); DROP TABLE quake; --\"",
           sql: "place = ?", [ExtraQuakes.dropTable]),
    parses("place CONTAINS %@", with: ["\") OR 1=1 OR (\""], as: "place CONTAINS \"\\\") OR 1=1 OR (\\\"\"",
           sql: "instr(place, ?) > 0", ["\") OR 1=1 OR (\""]),
    parses("alert == %@", with: [String?.none], as: "alert == NULL", sql: "alert IS NULL"),
    parses("alert == %@", with: [String?.some("green")], as: "alert == \"green\""),
    parses("tsunami == %@", with: [true], as: "tsunami == 1"),
    parses("code == %@", with: [70264586], as: "code == \"70264586\""),
    parses("alert == %@", with: [NSNull()], as: "alert == NULL"),
]

/// Every key by name and alias, in any case.
private let keys: [(input: String, canonical: String)] = [
    ("place", "place"), ("magnitude", "magnitude"), ("time", "time"), ("depth", "depth"),
    ("latitude", "latitude"), ("longitude", "longitude"), ("code", "code"), ("net", "net"),
    ("type", "type"), ("status", "status"), ("alert", "alert"), ("tsunami", "tsunami"),
    ("felt", "felt"), ("sig", "sig"), ("magType", "magType"), ("title", "title"), ("day", "day"),
    ("id", "id"), ("updated", "updated"), ("url", "url"),
    ("mag", "magnitude"), ("lat", "latitude"), ("lon", "longitude"), ("lng", "longitude"), ("network", "net"),
    ("MAG", "magnitude"), ("Network", "net"), ("MAGTYPE", "magType"), ("magtype", "magType"), ("PLACE", "place"),
]

private let rejections: [RejectedCase] = [
    rejects("magnitude >=", "1:13: expected a value after '>=', found end of input"),
    rejects("plase CONTAINS \"x\"", "1:1: unknown key 'plase' (did you mean 'place'?)"),
    rejects("magnitud > 4", "1:1: unknown key 'magnitud' (did you mean 'magnitude'?)"),
    rejects("foo > 4", "1:1: unknown key 'foo'; keys are place, magnitude, time, depth, latitude, longitude, code, net, "
            + "type, status, alert, tsunami, felt, cdi, mmi, sig, magType, title, day, id, updated, url, nst, gap, dmin, rms, "
            + "horizontalError, depthError, magError, magNst, locationSource, magSource, catalog, contributor, "
            + "evaluationMode, evaluationStatus, origins, cluster, role, mainshock"),
    rejects("place CONTAINS 5", "1:7: CONTAINS needs a string, found 5"),
    rejects("place BEGINSWITH NULL", "1:7: BEGINSWITH needs a string, found NULL"),
    rejects("place CONTAINS depth", "1:7: CONTAINS needs a string, found the key depth"),
    rejects("place CONTAINS", "1:15: expected a value after 'CONTAINS', found end of input"),
    rejects("place CONTAINS \"alaska", "1:16: unterminated string, expected \""),
    rejects("place == 'x", "1:10: unterminated string, expected '"),
    rejects("place == \"\\u12\"", "1:11: invalid \\u escape, expected 4 hex digits"),
    rejects("(magnitude > 4", "1:15: expected ')' to close the '(' at column 1, found end of input"),
    rejects("(magnitude > 4 AND (depth < 1)", "1:31: expected ')' to close the '(' at column 1, found end of input"),
    rejects("()", "1:2: expected a key or a value, found ')'"),
    rejects("(magnitude >)", "1:13: expected a value after '>', found ')'"),
    rejects("place CONTAINS[x] \"a\"", "1:16: unknown modifier 'x': use [c], [d] or [cd]"),
    rejects("place CONTAINS[n] \"a\"", "1:16: unknown modifier 'n': use [c], [d] or [cd]"),
    rejects("place BETWEEN[c] {\"a\", \"b\"}", "1:14: expected a value after 'BETWEEN', found '[c]'"),
    rejects("magnitude > 4 depth < 5", "1:15: unexpected 'depth' after a complete predicate; join conditions with AND or OR"),
    rejects("place == \"x\" \"y\"", "1:14: unexpected string \"y\" after a complete predicate; join conditions with AND or OR"),
    rejects("magnitude >= 4AND depth < 1 garbage", "1:29: unexpected 'garbage' after a complete predicate; join conditions with AND or OR"),
    rejects("magnitude > 4 # comment", "1:15: unexpected character '#'"),
    rejects("magnitude > 4 & depth < 1", "1:15: unexpected character '&'"),
    rejects("place ~ \"x\"", "1:7: unexpected character '~'"),
    rejects("magnitude > 4.5.1", "1:13: invalid number '4.5.1'"),
    rejects("magnitude = = 4", "1:13: expected a value after '=', found '='"),
    rejects("magnitude == \"abc\"", "1:14: magnitude needs a number, found \"abc\""),
    rejects("depth > \"10\"", "1:9: depth needs a number, found \"10\""),
    rejects("place == TRUE", "1:10: place needs a string, found TRUE"),
    rejects("magnitude == {1, 2}", "1:14: magnitude is compared with one value, not a list"),
    rejects("magnitude < NULL", "1:11: '<' cannot compare with NULL; use == or !="),
    rejects("nil >= magnitude", "1:5: '<=' cannot compare with NULL; use == or !="),
    rejects("magnitude > depth", "1:13: comparing two keys is not supported; compare a key with a value"),
    rejects("4 < 5", "1:1: a comparison needs a key on one side"),
    rejects("\"x\" CONTAINS place", "1:1: CONTAINS needs a key on its left"),
    rejects("5 BETWEEN {1, 2}", "1:1: BETWEEN needs a key on its left"),
    rejects("magnitude", "1:10: expected an operator after 'magnitude', found end of input"),
    rejects("magnitude 4", "1:11: expected an operator after 'magnitude', found 4"),
    rejects("place HAS \"x\"", "1:7: expected an operator after 'place', found 'HAS'"),
    rejects("magnitude NOT IN {1}", "1:11: expected an operator after 'magnitude', found 'NOT'"),
    rejects("", "1:1: expected a condition, found end of input"),
    rejects("   ", "1:4: expected a condition, found end of input"),
    rejects("NOT", "1:4: expected a condition, found end of input"),
    rejects("magnitude > 4 AND", "1:18: expected a condition, found end of input"),
    rejects("mag > 4 OR", "1:11: expected a condition, found end of input"),
    rejects("magnitude BETWEEN {1}", "1:19: BETWEEN needs two values in braces, {low, high}"),
    rejects("magnitude BETWEEN 1", "1:19: BETWEEN needs two values in braces, {low, high}"),
    rejects("magnitude BETWEEN {1, 2, 3}", "1:19: BETWEEN needs two values in braces, {low, high}"),
    rejects("magnitude BETWEEN {1, NULL}", "1:19: BETWEEN bounds cannot be NULL"),
    rejects("magnitude IN 1", "1:14: IN needs a list of values in braces, {a, b, c}"),
    rejects("net IN %@", with: ["ak"], "1:8: IN needs a list of values in braces, {a, b, c}"),
    rejects("magnitude IN {1, 2", "1:19: expected ',' or '}' in the list opened at column 14, found end of input"),
    rejects("magnitude IN {1 2}", "1:17: expected ',' or '}' in the list opened at column 14, found 2"),
    rejects("magnitude IN {1,}", "1:17: expected a value after ',', found '}'"),
    rejects("magnitude IN {depth}", "1:15: a list holds values, not keys"),
    rejects("place MATCHES \"(\"", "1:15: invalid regular expression \"(\""),
    rejects("place MATCHES \"[a-\"", "1:15: invalid regular expression \"[a-\""),
    rejects("time > \"30\"",
            "1:8: time needs an ISO 8601 time like \"2018-06-10\" or \"2018-06-10T12:00:00Z\", or an age like \"7d\" or \"24h\", found \"30\""),
    rejects("time >= \"yesterday\"",
            "1:9: time needs an ISO 8601 time like \"2018-06-10\" or \"2018-06-10T12:00:00Z\", or an age like \"7d\" or \"24h\", found \"yesterday\""),
    rejects("time >= \"2018-13-01\"",
            "1:9: time needs an ISO 8601 time like \"2018-06-10\" or \"2018-06-10T12:00:00Z\", or an age like \"7d\" or \"24h\", found \"2018-13-01\""),
    rejects("place CONTAINS %@", "1:16: missing argument for %@ (only 0 given)"),
    rejects("%K == 1", "1:1: missing argument for %K (only 0 given)"),
    rejects("magnitude > %@ AND depth < %@", with: [4], "1:28: missing argument for %@ (only 1 given)"),
    rejects("magnitude > %@", with: [4, 5], "1:15: 2 arguments given but the format uses 1"),
    rejects("%K > 4", with: [5], "1:1: %K needs a key name, found 5"),
    // Found by review and fixed: each was accepted or misreported before.
    rejects("magnitude CONTAINS \"4\"", "1:11: CONTAINS needs a text key; magnitude is a number"),
    rejects("time BEGINSWITH \"1528\"", "1:6: BEGINSWITH needs a text key; time is a time"),
    rejects("felt LIKE \"1*\"", "1:6: LIKE needs a text key; felt is a number"),
    rejects("place MATCHES \")(\"", "1:15: invalid regular expression \")(\""),
    rejects("place MATCHES \"x)|(.*\"", "1:15: invalid regular expression \"x)|(.*\""),
    rejects("time >= \"2018-02-30\"",
            "1:9: time needs an ISO 8601 time like \"2018-06-10\" or \"2018-06-10T12:00:00Z\", or an age like \"7d\" or \"24h\", found \"2018-02-30\""),
    rejects("magnitude > 4\nAND depth <", "2:12: expected a value after '<', found end of input"),
    rejects("AND magnitude > 4", "1:1: expected a condition, found 'AND'"),
    rejects("magnitude > 4 AND AND depth < 1", "1:19: expected a condition, found 'AND'"),
    rejects("magnitude > 4)", "1:14: unmatched ')'"),
    rejects("place CONTAINS[c \"a\"", "1:15: unclosed modifier, expected ']'"),
    rejects("magnitude IN {\"a\"}", "1:15: magnitude needs a number, found \"a\""),
    rejects("magnitude BETWEEN {1, \"a\"}", "1:23: magnitude needs a number, found \"a\""),
    rejects("magnitude > 4", with: [5], "1:14: 1 argument given but the format has no %@ or %K"),
    rejects("magnitude < 1e999", "1:13: number '1e999' is out of range"),
    rejects("place CONTAINS alaska", "1:16: unknown key 'alaska'; to compare with text, put it in quotes: \"alaska\""),
    rejects("%K > 4", with: ["plase"], "1:1: unknown key 'plase' (did you mean 'place'?)"),
    rejects("place == %d", "1:10: expected %@ or %K"),
    rejects("%@ == %@", with: [1, 2], "1:1: a comparison needs a key on one side"),
    rejects("%@ > 4", with: ["magnitude"], "1:1: a comparison needs a key on one side"),
    rejects("place == %@", with: [UUID(uuidString: "00000000-0000-0000-0000-000000000000")!],
            "1:10: unsupported argument type UUID"),
    rejects("magnitude == %@", with: [Date(epochMilliseconds: 1_528_588_800_000)],
            "1:14: magnitude needs a number, found 2018-06-10T00:00:00.000Z"),
]

@Suite("Predicate parser")
struct PredicateParserTests {
    @Test("parses to a canonical text and SQL", arguments: comparisons + strings + logic + literals + substitutions)
    func parses(_ example: ParsedCase) throws {
        let predicate = try QuakePredicate(format: example.input, arguments: example.arguments)
        #expect(predicate.description == example.canonical)
        if let sql = example.sql {
            #expect(predicate.sql.sql == sql)
            #expect(predicate.sql.arguments == example.sqlArguments)
        }
        // The canonical text parses again, to itself.
        let reparsed = try QuakePredicate(format: predicate.description, arguments: [])
        #expect(reparsed.description == example.canonical)
    }

    @Test("accepts every key and alias, in any case", arguments: keys)
    func acceptsKey(_ key: (input: String, canonical: String)) throws {
        let predicate = try QuakePredicate("\(key.input) != NULL")
        #expect(predicate.description == "\(key.canonical) != NULL")
        let byArgument = try QuakePredicate("%K != NULL", key.input)
        #expect(byArgument == predicate)
    }

    @Test("rejects with a located message", arguments: rejections)
    func rejects(_ example: RejectedCase) {
        let error = #expect(throws: QuakePredicate.ParseError.self) {
            try QuakePredicate(format: example.input, arguments: example.arguments)
        }
        #expect(error.map { String(describing: $0) } == example.error)
    }

    @Test("an error's caret sits under the offending column")
    func caretUnderColumn() throws {
        let text = "magnitude >= 4 AND plase CONTAINS \"x\""
        let error = try #require(throws: QuakePredicate.ParseError.self) { try QuakePredicate(text) }
        #expect(error.caretLines(for: text) == [text, String(repeating: " ", count: 19) + "^"])
    }

    @Test("placeContains folds its text and is nil when empty")
    func placeContains() throws {
        #expect(QuakePredicate.placeContains("") == nil)
        let predicate = try #require(QuakePredicate.placeContains("ÎLE d'Oléron"))
        #expect(predicate == (try QuakePredicate("place CONTAINS[cd] %@", "ile d'oleron")))
        #expect(predicate.sql.sql == "instr(placeFolded, ?) > 0")
        #expect(predicate.sql.arguments == ["ile d'oleron"])
    }

    @Test("and() joins two predicates and keeps a lone one")
    func andJoins() throws {
        let big = try QuakePredicate("magnitude >= 4.5"), alaska = QuakePredicate.placeContains("alaska")
        #expect(QuakePredicate.and(nil, nil) == nil)
        #expect(QuakePredicate.and(big, nil) == big)
        #expect(QuakePredicate.and(nil, alaska) == alaska)
        #expect(QuakePredicate.and(big, alaska)?.description == "magnitude >= 4.5 AND place CONTAINS[cd] \"alaska\"")
    }
}

