// SPDX-License-Identifier: MIT
// The uninitialised-read defect: one per instruction that uses the value (the explorer counts one
// defect per site), reported and gone past like a data race; the value used is the memory's (zero).
#include "engine/interpreter/UninitialisedReads.hpp"

#include "engine/base/Message.hpp"

namespace weft::interpreter {

UninitialisedReads::UninitialisedReads(const program::Program &program, FaultReporter &faults)
    : m_program(program), m_faults(faults), m_undefined(program.constants.size(), false) {
    for (const auto &[index, variable] : program.undefinedConstants)
        if (index < m_undefined.size())
            m_undefined[index] = true;
    if (program.undefinedConstants.empty())
        return;
    using program::Opcode;
    auto undefined = [&](program::Operand o) {
        return program::isConstant(o) && program::constantIndex(o) < m_undefined.size() &&
               m_undefined[program::constantIndex(o)];
    };
    for (const program::Function &fn : program.functions) {
        bool touches = false;
        for (std::size_t pc = 0; pc < fn.code.size(); ++pc) {
            const program::Instruction &in = fn.code[pc];
            bool any = false;
            switch (in.op) {
            case Opcode::Call:
            case Opcode::CallIndirect:
            case Opcode::CallBuiltin:
            case Opcode::Ret:
                for (std::uint32_t i = in.b; i < in.b + in.c; ++i)
                    any = any || undefined(fn.operands[i]);
                any = any || (in.op == Opcode::CallIndirect && undefined(in.a));
                break;
            case Opcode::EdgeMoves:
                for (std::uint32_t i = in.b; i < in.b + in.c; ++i)
                    any = any || undefined(fn.moves[i].src);
                break;
            case Opcode::Switch: any = undefined(in.a); break;
            default: any = undefined(in.a) || undefined(in.b) || undefined(in.c); break;
            }
            touches = touches || any;
        }
        m_touches.push_back(touches);
    }
}

void UninitialisedReads::report(InterpreterState &state, const ThreadState &t, const RegisterShadow &s,
                                const std::string &use) {
    const Frame &f = t.stack.top();
    const std::uint64_t site = (std::uint64_t(f.function) << 32) | f.pc;
    if (!state.uninitialisedUses.insert(site).second)
        return;
    std::string what;
    MessageKind never = MessageKind::NeverWritten;
    if ((s.origin >> 56) == (kConstantOrigin >> 56)) {
        const auto variable = m_program.undefinedConstants.find(std::uint32_t(s.origin));
        const bool named = variable != m_program.undefinedConstants.end() && !variable->second.empty();
        what = named ? "'" + variable->second + "'" : english(MessageKind::ALocalVariable, {});
        never = MessageKind::NeverInitialised;
    } else if (const MemoryObject *object = state.memory.objectAt(s.origin);
               object && object->kind != ObjectKind::Global) {
        const std::int64_t offset = program::decodePointer(s.origin).offset;
        what = m_faults.nameObject(object->kind, object->size, object->site);
        if (offset > 0)
            what = english(MessageKind::ObjectByte, {what, std::to_string(offset)});
    } else {
        what = m_faults.describeAddress(state, s.origin);
    }
    const program::SourceSpot spot = m_program.sourceMap.spotOf(f.function, f.pc);
    const std::string where = m_program.sourceMap.format(spot);
    ProgramFault fault{DefectKind::UninitialisedRead, t.id,
                       (where.empty() ? "" : where + ": ") + english(never, {use, what})};
    fault.identity = "uninit " + std::to_string(site);
    fault.location = where;
    m_faults.report(std::move(fault));
}

} // namespace weft::interpreter
