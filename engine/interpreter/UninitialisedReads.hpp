// SPDX-License-Identifier: MIT
// Uninitialised reads (--uninit report): the defect when a branch, an address or a call argument
// depends on memory never written. The Stepper keeps a shadow per register (RegisterShadow) and
// Memory one per byte (MemoryObject::undefined); this class names the memory and reports the use.
#pragma once

#include "engine/interpreter/FaultReporter.hpp"

#include "engine/base/Message.hpp"

namespace weft::interpreter {

class UninitialisedReads {
public:
    UninitialisedReads(const program::Program &program, FaultReporter &faults);

    /// The shadow of a constant operand: undefined for the program's undefined values (an
    /// uninitialised local kept in a register, Program::undefinedConstants), else defined.
    RegisterShadow ofConstant(program::Operand o) const {
        const std::uint32_t index = program::constantIndex(o);
        return index < m_undefined.size() && m_undefined[index]
                   ? RegisterShadow{kConstantOrigin | index, ~std::uint64_t{0}}
                   : RegisterShadow{};
    }

    /// Whether some instruction of `function` has an undefined constant operand.
    bool touchesUndefined(std::uint32_t function) const { return !m_touches.empty() && m_touches[function]; }
    /// A value whose undefined bits are `s` decides `use` ("the branch", "the address of a load", ...)
    /// at t's current instruction: reported once per instruction and execution, and the run goes on.
    void use(InterpreterState &state, const ThreadState &t, const RegisterShadow &s, MessageKind use) {
        if (s.bits != 0) [[unlikely]]
            report(state, t, s, english(use, {}));
    }
    /// Argument `index` (from 0) of a call of `callee`.
    void argument(InterpreterState &state, const ThreadState &t, const RegisterShadow &s, std::size_t index,
                  std::string_view callee) {
        if (s.bits != 0) [[unlikely]]
            report(state, t, s, english(MessageKind::ArgumentOf, {std::to_string(index + 1), std::string(callee)}));
    }

private:
    void report(InterpreterState &state, const ThreadState &t, const RegisterShadow &s, const std::string &use);

    /// The origin of an undefined constant's value: its index with this tag (no memory address has it).
    static constexpr std::uint64_t kConstantOrigin = std::uint64_t{0xFD} << 56;

    const program::Program &m_program;
    FaultReporter &m_faults;
    std::vector<bool> m_undefined; ///< by constant index
    std::vector<bool> m_touches; ///< touchesUndefined, by function (empty: none does)
};

} // namespace weft::interpreter
