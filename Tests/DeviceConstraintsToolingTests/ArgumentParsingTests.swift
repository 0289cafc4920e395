import DeviceConstraints
import DeviceConstraintsTooling
import Testing

struct ArgumentParsingTests {
    private func command(_ arguments: String...) throws(UsageError) -> ToolCommand {
        try ToolCommand(parsing: arguments)
    }

    private func usageError(_ arguments: String...) throws -> UsageError {
        try #require(throws: UsageError.self) { try ToolCommand(parsing: arguments) }
    }

    // MARK: - Commands and their defaults

    @Test func lintDefaultsToTheConstraintsFolderAndTheStandardCatalog() throws {
        #expect(try command("lint") == .lint(LintOptions(directory: "Constraints")))
    }

    @Test func lintReadsItsFolderCatalogAndFlagsInAnyOrder() throws {
        let expected = ToolCommand.lint(LintOptions(directory: "Designs", catalog: "c.json", json: true, strict: true))
        for arguments in [
            ["lint", "--strict", "Designs", "--catalog", "c.json", "--json"],
            ["lint", "--catalog=c.json", "--json", "--strict", "Designs"],
        ] {
            #expect(try ToolCommand(parsing: arguments) == expected, "\(arguments)")
        }
    }

    @Test func anOptionThatTakesAValueGivenTwiceIsAUsageErrorNamingIt() throws {
        let device = try usageError("show", "Card", "--device", "iPhone6", "--device=iPad")
        #expect(
            (device.message, device.usage, ToolResult(device).exitCode)
                == (
                    "'--device' is given twice ('iPhone6' and 'iPad'); give it once", CommandSpec.show.usage,
                    .usageError
                ))
        for arguments in [
            ["devices", "--catalog", "a.json", "--catalog=b.json"],
            ["show", "Card", "--size", "1x2", "--size", "1x2"],
            ["show", "Card", "--size", "1x2", "--idiom", "pad", "--idiom", "phone"],
            ["lint", "--catalog", "a.json", "--catalog", "a.json"],
            ["coverage", "--catalog", "a.json", "--catalog", "b.json"],
            ["preview", "Card", "--output", "a.svg", "--output", "b.svg"],
        ] {
            let error = try #require(throws: UsageError.self) { try ToolCommand(parsing: arguments) }
            let option = arguments.last { $0.hasPrefix("--") }?.prefix { $0 != "=" } ?? ""
            #expect(error.message.hasPrefix("'\(option)' is given twice"), "\(arguments)")
        }
        let devices = try usageError("preview", "Card", "--devices", "iPhone5", "--devices", "iPad")
        #expect(devices.message.hasSuffix("give it once, with the devices separated by commas: --devices iPhone5,iPad"))
        // A flag given twice is still just set.
        #expect(try command("lint", "--json", "--json") == .lint(LintOptions(directory: "Constraints", json: true)))
    }

    @Test func aDoubleDashEndsTheOptions() throws {
        #expect(try command("lint", "--", "--json") == .lint(LintOptions(directory: "--json")))
    }

    @Test func showTakesADeviceByName() throws {
        #expect(
            try command("show", "Calendar", "--device", "iPhone6Plus")
                == .show(ShowOptions(container: "Calendar", directory: "Constraints", device: .named("iPhone6Plus"))))
    }

    @Test func showTakesAWindowSizeAndAnIdiom() throws {
        let expected = ShowOptions(
            container: "Calendar", directory: "Designs", device: .size(width: 390, height: 844.5, idiom: .pad),
            json: true)
        #expect(
            try command("show", "Calendar", "Designs", "--size=390x844.5", "--idiom", "pad", "--json")
                == .show(expected))
        #expect(DeviceSelection.size(width: 390, height: 844.5, idiom: .pad).window == "390×844.5 pad")
    }

    @Test func showAndPreviewTakeATextSizeAndRefuseAnUnknownOneWithTheNearest() throws {
        #expect(
            try [
                command("show", "Calendar", "--device", "iPhone6", "--text-size", "accessibility2"),
                command("preview", "Calendar", "--text-size=xSmall"),
            ] == [
                .show(
                    ShowOptions(
                        container: "Calendar", directory: "Constraints", device: .named("iPhone6"),
                        textSize: .accessibility2)),
                .preview(PreviewOptions(container: "Calendar", directory: "Constraints", textSize: .xSmall)),
            ])
        let error = try #require(throws: UsageError.self) {
            try command("show", "Calendar", "--device", "iPhone6", "--text-size", "xlarge")
        }
        #expect(error.message.hasPrefix("invalid text size 'xlarge'; did you mean 'xLarge'? use one of xSmall,"))
        // The command line a suggestion prints gives the text size back.
        #expect(
            ShowOptions(container: "C", directory: "D", device: .named("iPhone6"), textSize: .xxLarge).arguments
                .contains("--text-size"))
    }

    @Test func coverageAndDevicesReadTheirOptions() throws {
        #expect(
            try [command("coverage", "Designs", "--json"), command("devices")] == [
                .coverage(CoverageOptions(directory: "Designs", json: true)), .devices(DevicesOptions()),
            ])
    }

    // MARK: - Help and version

    @Test func everyUsageLineNamesEveryOptionOfItsCommand() {
        for spec in CommandSpec.all {
            for option in spec.options {
                #expect(spec.usage.contains(option.label), "\(spec.name): \(option.label)")
            }
        }
        #expect(
            CommandSpec.show.usage
                == "device-constraints show <container> [<dir>] (--device <name> | --size <WxH> [--idiom <idiom>]) "
                + "[--text-size <size>] [--catalog <file>] [--json] [--watch]")
    }

    @Test func helpAndDashHPrintTheToolsHelp() throws {
        for arguments in [["--help"], ["-h"], ["help"], ["help", "--help"]] {
            #expect(try ToolCommand(parsing: arguments) == .help(CommandSpec.toolHelp))
        }
        #expect(CommandSpec.toolHelp.contains("COMMANDS:\n  lint"))
    }

    @Test func everyCommandHasHelpThatWinsOverOtherArguments() throws {
        for spec in CommandSpec.all {
            let commands = try [
                command(spec.name, "--help"), command(spec.name, "--no-such-option", "-h"), command("help", spec.name),
            ]
            #expect(commands == Array(repeating: .help(spec.help), count: 3), "\(spec.name)")
            #expect(
                (spec.help.contains("USAGE: \(spec.usage)"), spec.help.contains("-h, --help")) == (true, true),
                "\(spec.name)")
        }
    }

    @Test func versionIsOneFlagOfTheTool() throws {
        #expect(try command("--version") == .version)
        #expect(try usageError("--version", "lint").message == "unexpected argument 'lint'")
    }

    // MARK: - Usage errors

    @Test func anUnknownOptionSuggestsTheNearest() throws {
        let error = try usageError("lint", "--jsn")
        #expect(
            (error.message, error.usage, error.description)
                == (
                    "unknown option '--jsn'; did you mean '--json'?",
                    "device-constraints lint [<dir>] [--catalog <file>] [--json] [--strict] [--watch]",
                    "error: \(error.message)\nusage: \(error.usage)"
                ))
    }

    @Test func anUnknownCommandSuggestsTheNearest() throws {
        for (argument, message) in [
            ("lnt", "unknown command 'lnt'; did you mean 'lint'?"),
            ("--verison", "unknown option '--verison'; did you mean '--version'?"),
        ] {
            #expect(try usageError(argument).message == message, "\(argument)")
        }
    }

    @Test(arguments: [
        (["lint", "--catalog"], "missing value for '--catalog <file>'"),
        (["lint", "--catalog", "--json"], "missing value for '--catalog <file>'"),
        (["lint", "--catalog="], "missing value for '--catalog <file>'"),
        (["lint", "--json=yes"], "'--json' does not take a value"),
        (["lint", "a", "b"], "unexpected argument 'b'"),
        (["lint", "-x"], "unknown option '-x'"),
        (["show"], "missing argument '<container>'"),
        (["show", "Card"], "missing '--device <name>' or '--size <WxH>'"),
        (
            ["show", "Card", "--device", "iPad", "--size", "1x2"],
            "'--device' and '--size' cannot be used together; give one"
        ),
        (
            ["show", "Card", "--device", "iPad", "--idiom", "pad"],
            "'--idiom' goes with '--size'; a named device has its idiom"
        ),
        (
            ["show", "Card", "--size", "390"],
            "invalid size '390'; give the window's width and height in points, such as 390x844"
        ),
        (
            ["show", "Card", "--size", "0x844"],
            "invalid size '0x844': the width must be more than 0 points, found 0; give the window's width and "
                + "height in points, such as 390x844"
        ),
        (
            ["show", "Card", "--size", "-1x5"],
            "invalid size '-1x5': the width must be more than 0 points, found -1; give the window's width and "
                + "height in points, such as 390x844"
        ),
        (
            ["show", "Card", "--size", "390xtall"],
            "invalid size '390xtall': the height 'tall' is not a number; give the window's width and height in "
                + "points, such as 390x844"
        ),
        (
            ["show", "", "--device", "iPad"],
            "container name \"\" is empty; use the name of the container type, such as \"CalendarView\""
        ),
        (
            ["show", "../etc", "--device", "iPad"],
            "container name \"../etc\" contains a path separator; use the name of the container type, such as "
                + "\"CalendarView\""
        ),
        (["show", "Card", "--size", "390x844", "--idiom", "tv"], "invalid idiom 'tv'; use phone or pad"),
        (["help", "lnt"], "unknown command 'lnt'; did you mean 'lint'?"),
    ])
    func aWrongCommandLineIsAUsageError(arguments: [String], message: String) throws {
        let error = try #require(throws: UsageError.self) { try ToolCommand(parsing: arguments) }
        #expect((error.message, ToolResult(error).exitCode) == (message, .usageError))
    }

    @Test func aNegativeNumberIsAValueNotAnOption() throws {
        let spec = CommandSpec(name: "t", abstract: "", options: [.init(name: "n", valueName: "n", help: "")])
        #expect(try spec.parse(["--n", "-3"])[spec.options[0]] == "-3")
    }

    @Test func aValueMayStartWithADashUnlessItIsAnOptionOfTheCommand() throws {
        let n = CommandSpec.Option(name: "n", valueName: "n", help: "")
        let flag = CommandSpec.Option(name: "flag", help: "")
        let spec = CommandSpec(name: "t", abstract: "", options: [n, flag])
        for value in ["-1x5", "--other"] {
            #expect(try spec.parse(["--n", value])[n] == value)
        }
        #expect(throws: UsageError.self) { try spec.parse(["--n", "--flag"]) }
    }

    @Test func noArgumentsIsAUsageErrorThatPrintsTheHelp() throws {
        let error = try usageError()
        #expect(
            (error.message, error.description, ToolResult(error).exitCode, ToolResult(error).output)
                == ("missing command", "error: missing command\n\n\(CommandSpec.toolHelp)", .usageError, ""))
    }

    @Test func eachCommandReadsItsOwnOptions() throws {
        #expect(
            ToolCommand.commands.map { $0.spec.name } == [
                "lint", "show", "devices", "coverage", "preview", "bundle", "compile", "import", "export", "rollout",
            ])
        let arguments: [String: [String]] = [
            "show": ["Card", "--device", "iPad"], "preview": ["Card"],
            "bundle": ["--bundle-version", "2", "--output", "update.json"],
            "compile": ["--output", "Constraints.dctable"],
            "import": ["base.tokens.json", "--output", "Constraints"],
            "export": ["--format", "dtcg", "--output", "tokens"],
            "rollout": ["update.json", "--installation-id", "abc"],
        ]
        for command in ToolCommand.commands {
            let parsed = try command.spec.parse(arguments[command.spec.name] ?? [])
            #expect(try type(of: command.init(parsed)).spec.name == command.spec.name)
        }
    }

    // MARK: - Devices

    @Test func aNamedDeviceResolvesInTheCatalogOrSuggestsTheNearest() throws {
        #expect(try DeviceSelection.named("iPad").resolve(in: .standard).name == .iPad)
        let error = try #require(throws: UsageError.self) {
            try DeviceSelection.named("iPhone6Plu").resolve(in: .standard)
        }
        #expect(
            (error.message.hasPrefix("unknown device 'iPhone6Plu'; did you mean 'iPhone6Plus'?"), error.usage)
                == (true, CommandSpec.show.usage), "\(error.message)")
    }

    @Test func aModelNameResolvesToItsClassAndAnUnknownOneSuggestsTheNearestModel() throws {
        for (model, deviceClass) in [("iPhone16", DeviceName.iPhone14Pro), ("iPadAir13", .iPadPro12Inch)] {
            #expect(try DeviceSelection.named(model).resolve(in: .standard).name == deviceClass, "\(model)")
        }
        let error = try #require(throws: UsageError.self) {
            try DeviceSelection.named("iPhone17ProMx").resolve(in: .standard)
        }
        #expect(
            error.message.hasPrefix(
                "unknown device 'iPhone17ProMx'; did you mean 'iPhone17ProMax' (iPhone 17 Pro Max, read for class "
                    + "iPhone16ProMax)?"))
    }

    @Test func aWindowSizeResolvesAsTheAppResolvesIt() throws {
        for (width, height) in [(390.0, 844.0), (844, 390)] {
            #expect(
                try DeviceSelection.size(width: width, height: height, idiom: nil).resolve(in: .standard).name
                    == .iPhone12)
        }
    }
}
