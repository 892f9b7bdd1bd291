import WidgetBudgetIO

/// Standard output for every command: `text` through ``TerminalText/safe(_:)``, so nothing read
/// from a scenario or a log (a widget kind holding `ESC [2J`) reaches the terminal as a control
/// sequence. Both executables import it: a `String` argument picks it over `Swift.print` (the
/// better-ranked overload), so it is the `print` every command calls.
package func print(_ text: String, terminator: String = "\n") {
    Swift.print(TerminalText.safe(text), terminator: terminator)
}
