import FlowSim
import FlowSimScene
import XCTest

@testable import FlowSimCLI

final class SpringCommandTests: XCTestCase {
    /// Runs `flowsim spring ARGS`, returning (exit status, stdout, stderr); a thrown
    /// `CommandError` becomes its exit code and message, as the executable reports it.
    func run(_ args: [String]) -> (Int32, String, String) {
        var out = ""
        var err = ""
        let context = CommandContext(standardOutput: { out += $0 }, standardError: { err += $0 })
        do {
            let status = try SpringCommand.run(
                try ParsedArguments(args, spec: SpringCommand.spec),
                context: context)
            return (status, out, err)
        } catch let error as CommandError {
            return (error.exitCode, out, err + error.message(command: SpringCommand.spec.name))
        } catch {
            return (99, out, "\(error)")
        }
    }

    func json(_ args: [String]) throws -> [String: Any] {
        let (status, out, err) = run(args + ["--json"])
        XCTAssertEqual(status, 0, err)
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8))
        return try XCTUnwrap(object as? [String: Any])
    }

    func testJSONHasTheIssueKeys() throws {
        let object = try json(["--duration", "1", "--damping", "0.65"])
        for key in [
            "mass", "stiffness", "damping", "dampingRatio", "naturalFrequency",
            "initialVelocity", "duration", "settlingDuration", "peakTime", "overshoot",
            "forms", "samples",
        ] {
            XCTAssertNotNil(object[key], key)
        }
        XCTAssertEqual(
            try XCTUnwrap(object["stiffness"] as? Double), 107.88803617355937631,
            accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(object["damping"] as? Double), 13.502991562365554036,
            accuracy: 1e-9)
        XCTAssertEqual(object["duration"] as? Double, 1)
        let samples = try XCTUnwrap(object["samples"] as? [[String: Double]])
        // 60 fps over 1 s: t = 0, 1/60, …, 1 (61 samples), the last one snapped to 1.
        XCTAssertEqual(samples.count, 61)
        XCTAssertEqual(samples.first?["value"], 0)
        XCTAssertEqual(samples.last?["t"], 1)
        XCTAssertEqual(samples.last?["value"], 1)
        let spring = UIKitSpring(duration: 1, dampingRatio: 0.65)
        XCTAssertEqual(
            try XCTUnwrap(samples[30]["value"]), spring.progress(at: 0.5),
            accuracy: 1e-12)
        let forms = try XCTUnwrap(object["forms"] as? [String: Any])
        XCTAssertEqual(Set(forms.keys), Set(SpringForm.formNames))
    }

    func testSamplesAtGivenTimes() throws {
        let object = try json([
            "--stiffness", "100", "--damping-coefficient", "10",
            "--at", "0,0.1,5",
        ])
        let samples = try XCTUnwrap(object["samples"] as? [[String: Double]])
        XCTAssertEqual(samples.map { $0["t"] }, [0, 0.1, 5])
        XCTAssertEqual(
            try XCTUnwrap(samples[1]["value"]),
            SpringParameters(stiffness: 100, damping: 10).value(at: 0.1),
            accuracy: 1e-12)
        XCTAssertEqual(samples[2]["value"], 1)
        // A physical spring lasts Core Animation's settlingDuration estimate,
        // ln((1 + 1/√3)/0.001)/5 for k 100, c 10 (the last crossing is 1.2701651956539863 s).
        XCTAssertEqual(
            try XCTUnwrap(object["duration"] as? Double), 1.4727003346780925, accuracy: 1e-12)
        XCTAssertEqual(
            try XCTUnwrap(object["lastCrossing"] as? Double), 1.2701651956539863109,
            accuracy: 1e-9)
    }

    func testEveryFormParses() throws {
        let inputs: [[String]] = [
            ["--mass", "2", "--stiffness", "300", "--damping-coefficient", "10"],
            ["--response", "0.5", "--damping-fraction", "0.7"],
            ["--spring-duration", "0.5", "--bounce", "0.3"],
            ["--android-stiffness", "1500", "--android-damping-ratio", "0.5"],
            ["--tension", "180", "--friction", "12", "--mass", "1"],
            ["--bounciness", "8", "--speed", "12"],
            ["--preset", "react-spring-wobbly"],
        ]
        for input in inputs {
            let object = try json(input)
            XCTAssertNotNil(object["settlingDuration"] as? Double, "\(input)")
        }
        let bouncy = try json(["--spring-duration", "0.5", "--bounce", "0.3"])
        XCTAssertEqual(
            try XCTUnwrap(bouncy["stiffness"] as? Double), 157.9136704174297379,
            accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(bouncy["damping"] as? Double), 17.592918860102842135,
            accuracy: 1e-9)
    }

    func testTextListsFormsAndMetrics() {
        let (status, out, _) = run(["--preset", "seed-insert"])
        XCTAssertEqual(status, 0)
        for text in [
            "--response", "--spring-duration", "--android-stiffness", "--tension",
            "--bounciness", "settling duration", "peak time", "overshoot",
            "oscillations", "value at UIKit end",
        ] {
            XCTAssertTrue(out.contains(text), text)
        }
    }

    func testBadInputExitsTwo() {
        let bad: [([String], String)] = [
            (
                [
                    "--duration", "1", "--damping", "0.65", "--response", "0.5",
                    "--damping-fraction", "0.7",
                ], "mixed spring forms"
            ),
            (["--duration", "1"], "needs --damping"),
            ([], "no spring given"),
            (["--mass", "-1", "--stiffness", "100", "--damping-coefficient", "10"], "mass"),
            (["--duration", "nan", "--damping", "0.5"], "finite number"),
            (["--duration", "1", "--damping", "0"], "damping ratio"),
            (["--spring-duration", "0.5", "--bounce", "1"], "bounce"),
            (["--preset", "nope"], "unknown preset"),
            (["--preset", "seed-insert", "--damping", "0.5"], "mixed spring forms"),
            (["--sweep", "damping=0:1", "--duration", "1"], "name=from:to:step"),
            (["--fit", "settle=0.6,overshoot=100%"], "overshoot"),
            (["--fit", "overshoot=5%"], "settle"),
        ]
        for (args, fragment) in bad {
            let (status, _, err) = run(args)
            XCTAssertEqual(status, 2, "\(args)")
            XCTAssertTrue(err.contains(fragment), "\(args): \(err)")
        }
    }

    func testClampsAreReported() {
        let (status, _, err) = run(["--duration", "12", "--damping", "1.4"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(err.contains("clamps the duration 12 s to 10 s"), err)
        XCTAssertTrue(err.contains("clamps the damping ratio 1.4 to 1"), err)
        let (_, _, quiet) = run(["--duration", "1", "--damping", "0.65"])
        XCTAssertEqual(quiet, "")
    }

    func testCSSOutputFollowsTheCurve() throws {
        let (status, out, _) = run(["--preset", "seed-insert", "--css"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(out.contains("animation-duration: 1000ms;"), out)
        // Parse the stops back and compare with the curve.
        let start = try XCTUnwrap(out.range(of: "linear("))
        let end = try XCTUnwrap(out.range(of: ");", range: start.upperBound..<out.endIndex))
        let parts = out[start.upperBound..<end.lowerBound].split(separator: ",")
        var stops: [(Double, Double)] = []
        for (index, part) in parts.enumerated() {
            let fields = part.split(separator: " ")
            let value = try XCTUnwrap(Double(fields[0]))
            let position =
                fields.count > 1
                ? try XCTUnwrap(Double(fields[1].dropLast())) / 100
                : (index == 0 ? 0 : 1)
            stops.append((position, value))
        }
        let spring = UIKitSpring(duration: 1, dampingRatio: 0.65)
        for i in 0...1000 {
            let f = Double(i) / 1000
            var k = 0
            while k + 1 < stops.count - 1, stops[k + 1].0 <= f { k += 1 }
            let (f0, v0) = stops[k]
            let (f1, v1) = stops[k + 1]
            let easing = f1 > f0 ? v0 + (v1 - v0) * (f - f0) / (f1 - f0) : v1
            // 0.5 % plus the 4-decimal rounding of the printed values.
            XCTAssertEqual(easing, spring.progress(at: f), accuracy: 0.0051, "f \(f)")
        }
    }

    func testCSSThatCannotMeetHalfAPercentExitsTwo() {
        // ≈ 22 000 periods in 13.8 s: no linear() within 0.5 % (it used to print one 23 % off).
        let (status, out, err) = run(["--stiffness", "1e8", "--damping-coefficient", "1", "--css"])
        XCTAssertEqual(status, 2)
        XCTAssertEqual(out, "")
        XCTAssertTrue(err.contains("cannot be expressed within 0.5 % in 100000 stops"), err)
    }

    func testUIKitSweepDefaultsToDurationOne() {
        let (status, out, err) = run(["--sweep", "damping=0.3:1.0:0.1"])
        XCTAssertEqual(status, 0, err)
        let (_, explicit, _) = run(["--sweep", "damping=0.3:1.0:0.1", "--duration", "1"])
        XCTAssertEqual(out, explicit)
        XCTAssertEqual(out.split(separator: "\n").count, 9, out)  // header + 8 values
        // A sweep of the duration itself still needs the damping.
        let (status2, _, err2) = run(["--sweep", "duration=0.5:1:0.25"])
        XCTAssertEqual(status2, 2)
        XCTAssertTrue(err2.contains("--damping"), err2)
    }

    func testFitRejectsTargetsBeyondDoublePrecisionAndRepeatedKeys() {
        for (spec, needle) in [
            ("settle=1e-200", "settle target 1e-200 s cannot be met"),
            ("settle=1e300", "settle target 1e+300 s cannot be met"),
            ("settle=1,settle=2", "settle is given twice"),
            ("settle=1,overshoot=5%,overshoot=6%", "overshoot is given twice"),
        ] {
            let (status, out, err) = run(["--fit", spec])
            XCTAssertEqual(status, 2, spec)
            XCTAssertEqual(out, "", spec)
            XCTAssertTrue(err.contains(needle), "\(spec): \(err)")
        }
    }

    func testPeakAfterTheEndOrWithinEpsilonIsNoOvershoot() throws {
        // UIKit d 1, ζ 0.95: the free spring peaks at 1.19 s, after the snap at 1 s, 0.007 %
        // over; CASpringAnimation k 100, c 19: 0.007 % (< ε) at 1.006 s, after settling at 0.76 s.
        for args in [["--duration", "1", "--damping", "0.95"], ["--stiffness", "100", "--damping-coefficient", "19"]] {
            let object = try json(args)
            XCTAssertTrue(object["peakTime"] is NSNull, "\(args): \(object["peakTime"] ?? "")")
            XCTAssertTrue(object["overshoot"] is NSNull, "\(args)")
            let (_, text, _) = run(args)
            XCTAssertTrue(text.contains("overshoot             none"), text)
        }
        // A visible peak is still reported.
        let seed = try json(["--preset", "seed-insert"])
        XCTAssertNotNil(seed["peakTime"] as? Double)
        XCTAssertGreaterThan(try XCTUnwrap(seed["overshoot"] as? Double), 1)
    }

    func testClampNotesShowSmallValuesAndSweepRows() {
        // Velocity 0.5: with v = 0 the clamped ζ has no root and UIKit's solve overflows.
        let (status, _, err) = run(["--duration", "1e-9", "--damping", "1e-9", "--velocity", "0.5"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(err.contains("clamps the duration 1e-09 s to 0.01 s"), err)
        XCTAssertTrue(err.contains("clamps the damping ratio 1e-09 to 1.1920929e-07"), err)
        let (sweepStatus, _, sweepErr) = run(["--sweep", "damping=0.9:1.2:0.1"])
        XCTAssertEqual(sweepStatus, 0, sweepErr)
        XCTAssertTrue(sweepErr.contains("damping = 1.1: UIKit clamps the damping ratio 1.1 to 1"), sweepErr)
        XCTAssertTrue(sweepErr.contains("damping = 1.2: UIKit clamps"), sweepErr)
        XCTAssertFalse(sweepErr.contains("damping = 0.9"), sweepErr)
    }

    func testAUIKitSpringsOwnFormIsPrintedAsGiven() throws {
        // The input is a UIKit form whatever inverting the Newton solve finds. (Velocity 5
        // starts the critical solve at ω = v, where its derivative is 0: see below.)
        let (status, text, _) = run(["--duration", "1", "--damping", "1", "--velocity", "6"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(text.contains("  UIKit                 --duration 1 --damping 1 --velocity 6"), text)
        let forms = try XCTUnwrap(
            json(["--duration", "1", "--damping", "1", "--velocity", "6"])["forms"] as? [String: Any])
        let uikit = try XCTUnwrap(forms["uikit"] as? [String: Double])
        XCTAssertEqual(uikit, ["duration": 1, "damping": 1, "velocity": 6])
        // Velocity 5: the Newton step divides by a zero derivative; the spring saturates (it
        // reaches its target at once) and a note says so.
        let (saturated, text5, message) = run(["--duration", "1", "--damping", "1", "--velocity", "5"])
        XCTAssertEqual(saturated, 0, message)
        XCTAssertTrue(message.contains("leaves the range of doubles"), message)
        XCTAssertTrue(text5.contains("  stiffness             1e+300"), text5)
    }

    func testSweepTable() throws {
        let (status, out, _) = run(["--sweep", "damping=0.3:1.0:0.1", "--duration", "1"])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(out.split(separator: "\n").count, 9)  // header + 8 values
        let (_, jsonOut, _) = run([
            "--sweep", "damping=0.3:1.0:0.1", "--duration", "1",
            "--json",
        ])
        let rows = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(jsonOut.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 8)
        XCTAssertEqual(try XCTUnwrap(rows[3]["value"] as? Double), 0.6, accuracy: 1e-12)
        let expected = SpringParameters(uikitDuration: 1, dampingRatio: 0.6).metrics()
        XCTAssertEqual(
            try XCTUnwrap(rows[3]["overshoot"] as? Double), expected.overshoot,
            accuracy: 1e-12)
    }

    func testFit() throws {
        let (status, out, _) = run(["--fit", "settle=0.6,overshoot=5%", "--json"])
        XCTAssertEqual(status, 0)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let uikit = try XCTUnwrap(object["uikit"] as? [String: Double])
        let spring = SpringParameters(
            uikitDuration: try XCTUnwrap(uikit["duration"]),
            dampingRatio: try XCTUnwrap(uikit["dampingRatio"]))
        XCTAssertEqual(spring.lastCrossing(), 0.6, accuracy: 1e-8)
        XCTAssertEqual(spring.metrics().overshoot, 5, accuracy: 1e-7)
        let (slowStatus, slowOut, _) = run(["--fit", "settle=60,overshoot=30%"])
        XCTAssertEqual(slowStatus, 1)
        XCTAssertTrue(slowOut.contains("UIKit    cannot meet the targets"), slowOut)
    }

    /// UIKit's 12 unguarded Newton steps jump between roots as the velocity
    /// changes; a velocity sweep shows them (decompiled UIKit 26.1 `parametersOfSpringAnimation`;
    /// d = 1, ζ = 0.4: k 213.8 at v 1.2, 8.04e8 at 1.3 where UIKit's doubles overflow and FlowSim
    /// takes the step in exact arithmetic, 12.0 at 1.4).
    func testVelocitySweepShowsUIKitsJumps() throws {
        let args = ["--sweep", "velocity=1:2:0.1", "--duration", "1", "--damping", "0.4"]
        let (status, out, err) = run(args)
        XCTAssertEqual(status, 0, err)
        XCTAssertEqual(out.split(separator: "\n").count, 12)  // header + 11 values
        XCTAssertTrue(out.contains("     1.3  804457494.783    22690.368"), out)
        XCTAssertTrue(err.contains("velocity 1.2 → 1.3: UIKit's stiffness jumps from 213.819 to 804457494.783"), err)
        XCTAssertTrue(err.contains("velocity 1.3 → 1.4: UIKit's stiffness jumps from 804457494.783 to 12.016"), err)
        let (_, jsonOut, _) = run(args + ["--json"])
        let rows = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(jsonOut.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 11)
        XCTAssertEqual(try XCTUnwrap(rows[3]["stiffness"] as? Double), 804457494.7828109, accuracy: 1e-3)
        XCTAssertEqual(try XCTUnwrap(rows[10]["stiffness"] as? Double), 24.200071278435058, accuracy: 1e-9)
    }
}
