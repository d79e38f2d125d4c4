// SPDX-License-Identifier: MIT
// Variadic functions the program defines: va_start points the va_list (x86-64: gp_offset, fp_offset,
// overflow_arg_area, reg_save_area) past every register slot, so the va_arg code Clang emits takes
// each argument from the overflow area, which is the frame's copy of the extra arguments
// (Stepper::storeVarargs). A va_arg past the last argument reads out of that object: a defect at it.
#include "engine/interpreter/LibcDispatcher.hpp"

#include "engine/base/Message.hpp"
#include "engine/interpreter/libc/VaList.hpp"

#include <cstring>

namespace weft::interpreter {

using program::Builtin;

namespace {

/// The va_list's layout on x86-64 and the offsets that mean "no register slot left".
constexpr std::uint64_t kVaListSize = 24;
constexpr std::uint32_t kGpRegistersUsed = 48;
constexpr std::uint32_t kFpRegistersUsed = 176;

Continuation vaStartCall(BuiltinCall &c) {
    MemoryFault fault;
    std::uint8_t *list = c.state.memory.write(c.arg(0), kVaListSize, 8, fault);
    if (!list)
        return c.memoryFault(fault);
    if (!c.noteAccess(c.arg(0), kVaListSize, true))
        return Continuation::Fault;
    const std::uint64_t area = c.thread.stack.top().varargs, none = 0;
    std::memcpy(list, &kGpRegistersUsed, 4);
    std::memcpy(list + 4, &kFpRegistersUsed, 4);
    std::memcpy(list + 8, &area, 8);
    std::memcpy(list + 16, &none, 8);
    return Continuation::Continue;
}

Continuation vaCopyCall(BuiltinCall &c) { return c.copy(c.arg(0), c.arg(1), kVaListSize, false); }

} // namespace

bool vaListArguments(BuiltinCall &c, std::uint64_t vaList, std::vector<std::uint64_t> &out) {
    MemoryFault fault;
    const std::uint8_t *list = c.state.memory.read(vaList, kVaListSize, 8, fault);
    if (!list) {
        c.memoryFault(fault);
        return false;
    }
    std::uint32_t gp = 0, fp = 0;
    std::uint64_t area = 0;
    std::memcpy(&gp, list, 4);
    std::memcpy(&fp, list + 4, 4);
    std::memcpy(&area, list + 8, 8);
    const MemoryObject *object = c.state.memory.objectAt(area);
    if (gp != kGpRegistersUsed || fp != kFpRegistersUsed || !object || object->kind != ObjectKind::Stack) {
        c.fail(DefectKind::UndefinedBehaviour,
               english(MessageKind::VaListNotStarted, {std::string(program::builtinSymbol(c.builtin))}));
        return false;
    }
    out.clear();
    std::int64_t offset = program::decodePointer(area).offset;
    for (std::uint64_t p = area; offset + 8 <= std::int64_t(object->size); p += 8, offset += 8) {
        const std::uint8_t *slot = c.state.memory.read(p, 8, 8, fault);
        if (!slot) {
            c.memoryFault(fault);
            return false;
        }
        std::uint64_t v = 0;
        std::memcpy(&v, slot, 8);
        out.push_back(v);
    }
    return true;
}

void addVariadicCalls(LibcDispatcher &table) {
    table.add(Builtin::VaStart, &vaStartCall);
    table.add(Builtin::VaCopy, &vaCopyCall);
}

} // namespace weft::interpreter
