// SPDX-License-Identifier: MIT
// Console output (printf, puts, putchar, and fprintf/fputs/fputc/putc/fflush on stdout and stderr,
// both captured in the execution's output) and sprintf/snprintf into the program's buffer, and their
// v* forms on a va_list. Formatting
// is formatPrintf's (Printf.cpp); the buffer is written through the checked Memory.
#include "engine/interpreter/LibcDispatcher.hpp"

#include "engine/base/Message.hpp"
#include "engine/interpreter/libc/Printf.hpp"
#include "engine/interpreter/libc/VaList.hpp"

#include <cstring>

namespace weft::interpreter {

using program::Builtin;

namespace {

std::uint64_t asInt(std::size_t v) { return std::uint64_t(v) & 0xFFFFFFFFu; }

void appendOutput(InterpreterState &state, const std::string &text, std::size_t limit) {
    if (state.output.size() >= limit)
        return;
    state.output += text.substr(0, limit - state.output.size());
    if (state.output.size() >= limit)
        state.output += "\n[output truncated]\n";
}

/// The v* forms (vprintf, ...): the arguments are a va_list's.
bool takesVaList(Builtin b) {
    return b == Builtin::Vprintf || b == Builtin::Vfprintf || b == Builtin::Vsprintf || b == Builtin::Vsnprintf;
}

/// Formats with the format string at argument `formatArg` and the arguments after it (or in the
/// va_list after it); false with the defect raised (`name` prefixes the message: "", "f", "s", ...).
bool format(BuiltinCall &c, std::size_t formatArg, const char *name, std::string &text) {
    std::string format;
    if (!c.readString(c.arg(formatArg), format))
        return false;
    std::vector<std::uint64_t> listed;
    const bool fromList = takesVaList(c.builtin);
    if (fromList && !vaListArguments(c, c.arg(formatArg + 1), listed))
        return false;
    PrintfError error;
    if (formatPrintf(c.state.memory, format, fromList ? listed : c.args, fromList ? 0 : formatArg + 1, text, error))
        return true;
    if (error.memory)
        c.memoryFault(error.fault);
    else
        c.fail(DefectKind::UndefinedBehaviour, name + error.text);
    return false;
}

Continuation printfCall(BuiltinCall &c) {
    std::string text;
    if (!format(c, 0, c.builtin == Builtin::Vprintf ? "v" : "", text))
        return Continuation::Fault;
    appendOutput(c.state, text, c.options().maxOutput);
    return c.returns(asInt(text.size()));
}

/// fprintf, fputs, fputc, putc, fflush: only stdout and stderr exist.
Continuation streamCall(BuiltinCall &c) {
    const Builtin b = c.builtin;
    const std::uint64_t stream = b == Builtin::Fputs || b == Builtin::Fputc || b == Builtin::Putc ? c.arg(1) : c.arg(0);
    if (b == Builtin::Fflush && stream == 0)
        return c.returns(0); // fflush(NULL): nothing is buffered
    if (stream == 0 || (stream != c.services.stdoutStream && stream != c.services.stderrStream))
        return c.fail(DefectKind::UndefinedBehaviour,
                      english(MessageKind::OnlyStandardStreams, {std::string(program::builtinSymbol(b))}));
    std::string text;
    if (b == Builtin::Fprintf || b == Builtin::Vfprintf) {
        if (!format(c, 1, b == Builtin::Vfprintf ? "vf" : "f", text))
            return Continuation::Fault;
        c.result = asInt(text.size());
    } else if (b == Builtin::Fputs) {
        if (!c.readString(c.arg(0), text))
            return Continuation::Fault;
        c.result = 1;
    } else if (b != Builtin::Fflush) {
        text = std::string(1, char(c.arg(0) & 0xFF));
        c.result = c.arg(0) & 0xFF;
    }
    appendOutput(c.state, text, c.options().maxOutput);
    return Continuation::Continue;
}

Continuation putsCall(BuiltinCall &c) {
    std::string text;
    if (!c.readString(c.arg(0), text))
        return Continuation::Fault;
    appendOutput(c.state, text + '\n', c.options().maxOutput);
    return c.returns(asInt(text.size() + 1));
}

Continuation putcharCall(BuiltinCall &c) {
    appendOutput(c.state, std::string(1, char(c.arg(0) & 0xFF)), c.options().maxOutput);
    return c.returns(c.arg(0) & 0xFF);
}

Continuation sprintfCall(BuiltinCall &c) {
    const bool bounded = c.builtin == Builtin::Snprintf || c.builtin == Builtin::Vsnprintf;
    const bool listed = takesVaList(c.builtin);
    std::string text;
    if (!format(c, bounded ? 2 : 1, bounded ? (listed ? "vsn" : "sn") : (listed ? "vs" : "s"), text))
        return Continuation::Fault;
    // snprintf writes at most n - 1 characters and a NUL (nothing when n is 0).
    const std::uint64_t capacity = bounded ? c.arg(1) : std::uint64_t(text.size()) + 1;
    if (capacity > 0) {
        const std::uint64_t written = std::min<std::uint64_t>(text.size(), capacity - 1);
        MemoryFault fault;
        std::uint8_t *to = c.state.memory.write(c.arg(0), written + 1, 1, fault);
        if (!to)
            return c.memoryFault(fault);
        if (!c.noteAccess(c.arg(0), written + 1, true))
            return Continuation::Fault;
        std::memcpy(to, text.data(), written);
        to[written] = 0;
    }
    return c.returns(asInt(text.size()));
}

} // namespace

void addOutputCalls(LibcDispatcher &table) {
    table.add(Builtin::Printf, &printfCall);
    table.add(Builtin::Vprintf, &printfCall);
    for (Builtin b :
         {Builtin::Fprintf, Builtin::Vfprintf, Builtin::Fputs, Builtin::Fputc, Builtin::Putc, Builtin::Fflush})
        table.add(b, &streamCall);
    table.add(Builtin::Puts, &putsCall);
    table.add(Builtin::Putchar, &putcharCall);
    table.add(Builtin::Sprintf, &sprintfCall);
    table.add(Builtin::Snprintf, &sprintfCall);
    table.add(Builtin::Vsprintf, &sprintfCall);
    table.add(Builtin::Vsnprintf, &sprintfCall);
}

} // namespace weft::interpreter
