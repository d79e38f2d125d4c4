// SPDX-License-Identifier: MIT
// The scanf family for the interpreted program: sscanf/vsscanf on the program's string, and
// scanf/vscanf/fscanf/vfscanf on stdin, which is empty (the program runs as `prog < /dev/null`). The
// input and format are read through the checked Memory, parsed by scanString (Scanf.cpp), and each
// conversion stored through its pointer argument (or the va_list's) with the same checks (bounds,
// lifetime, races) as the program's own stores.
#include "engine/interpreter/LibcDispatcher.hpp"

#include "engine/base/Message.hpp"
#include "engine/interpreter/libc/Scanf.hpp"
#include "engine/interpreter/libc/VaList.hpp"

#include <cstring>

namespace weft::interpreter {

using program::Builtin;

namespace {

bool takesVaList(Builtin b) {
    return b == Builtin::Vsscanf || b == Builtin::IsocVsscanf || b == Builtin::Vscanf || b == Builtin::IsocVscanf ||
           b == Builtin::Vfscanf || b == Builtin::IsocVfscanf;
}

/// Scans `input` with the format at argument `formatArg` into the pointers after it (or in the
/// va_list after it).
Continuation scan(BuiltinCall &c, const std::string &input, std::size_t formatArg) {
    std::string format;
    if (!c.readString(c.arg(formatArg), format))
        return Continuation::Fault;
    std::vector<std::uint64_t> pointers;
    if (takesVaList(c.builtin)) {
        if (!vaListArguments(c, c.arg(formatArg + 1), pointers))
            return Continuation::Fault;
    } else if (c.args.size() > formatArg + 1) {
        pointers.assign(c.args.begin() + std::ptrdiff_t(formatArg + 1), c.args.end());
    }
    const ScanResult scanned = scanString(input, format, pointers.size());
    if (!scanned.error.empty()) {
        // scanString's messages name sscanf: name the function called instead (without glibc's prefix).
        std::string_view name = program::builtinSymbol(c.builtin);
        if (name.starts_with("__isoc99_"))
            name.remove_prefix(std::strlen("__isoc99_"));
        std::string message = scanned.error;
        if (message.starts_with("sscanf"))
            message.replace(0, std::strlen("sscanf"), name);
        return c.fail(DefectKind::UndefinedBehaviour, message);
    }
    Memory &memory = c.state.memory;
    MemoryFault fault;
    for (const ScanStore &store : scanned.stores) {
        const std::uint64_t p = pointers[store.argument];
        std::uint8_t *to = memory.write(p, store.bytes.size(), 1, fault);
        if (!to)
            return c.memoryFault(fault);
        if (!c.noteAccess(p, store.bytes.size(), true))
            return Continuation::Fault;
        std::memcpy(to, store.bytes.data(), store.bytes.size());
    }
    return c.returns(std::uint64_t(std::uint32_t(scanned.assigned)));
}

Continuation sscanfCall(BuiltinCall &c) {
    std::string input;
    if (!c.readString(c.arg(0), input))
        return Continuation::Fault;
    return scan(c, input, 1);
}

/// scanf and vscanf: stdin has no input.
Continuation scanfCall(BuiltinCall &c) { return scan(c, std::string(), 0); }

/// fscanf and vfscanf: stdin (empty) is the only stream open for reading.
Continuation fscanfCall(BuiltinCall &c) {
    if (c.arg(0) == 0 || c.arg(0) != c.services.stdinStream)
        return c.fail(DefectKind::UndefinedBehaviour,
                      english(MessageKind::OnlyStdin, {std::string(program::builtinSymbol(c.builtin))}));
    return scan(c, std::string(), 1);
}

} // namespace

void addScanCalls(LibcDispatcher &table) {
    for (Builtin b : {Builtin::Sscanf, Builtin::IsocSscanf, Builtin::Vsscanf, Builtin::IsocVsscanf})
        table.add(b, &sscanfCall);
    for (Builtin b : {Builtin::Scanf, Builtin::IsocScanf, Builtin::Vscanf, Builtin::IsocVscanf})
        table.add(b, &scanfCall);
    for (Builtin b : {Builtin::Fscanf, Builtin::IsocFscanf, Builtin::Vfscanf, Builtin::IsocVfscanf})
        table.add(b, &fscanfCall);
}

} // namespace weft::interpreter
