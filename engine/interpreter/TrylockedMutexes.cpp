// SPDX-License-Identifier: MIT
// The mutexes a program's trylock calls may name (TrylockedMutexes.hpp).
#include "engine/interpreter/TrylockedMutexes.hpp"

#include "engine/program/PointerEncoding.hpp"

#include <algorithm>

namespace weft::interpreter {

TrylockedMutexes::TrylockedMutexes(const program::Program &program) {
    using program::Builtin;
    using program::Opcode;
    // pthread_mutex_trylock called through a pointer: any mutex. A function pointer is a constant of
    // the code or a relocation in a global's initial bytes (PointerEncoding.hpp).
    std::vector<std::uint64_t> trylockPointers;
    for (std::size_t i = 0; i < program.functions.size(); ++i)
        if (program.functions[i].builtin == Builtin::MutexTrylock)
            trylockPointers.push_back(program::functionPointer(std::uint32_t(i)));
    auto isTrylockPointer = [&](std::uint64_t v) {
        return std::find(trylockPointers.begin(), trylockPointers.end(), v) != trylockPointers.end();
    };
    if (!trylockPointers.empty()) {
        m_any = std::any_of(program.constants.begin(), program.constants.end(), isTrylockPointer);
        for (const program::Global &g : program.globals)
            for (const program::Relocation &r : g.relocations)
                m_any |= isTrylockPointer(r.target);
    }
    for (const program::Function &fn : program.functions)
        for (const program::Instruction &in : fn.code) {
            const bool trylock = (in.op == Opcode::CallBuiltin && Builtin(in.imm) == Builtin::MutexTrylock) ||
                                 (in.op == Opcode::Call && std::size_t(in.imm) < program.functions.size() &&
                                  program.functions[std::size_t(in.imm)].builtin == Builtin::MutexTrylock);
            if (!trylock)
                continue;
            const program::Operand mutex = in.c > 0 ? fn.operands[in.b] : program::kNoOperand;
            if (program::isConstant(mutex))
                m_constants.push_back(program.constant(mutex));
            else
                m_any = true;
        }
    std::sort(m_constants.begin(), m_constants.end());
}

bool TrylockedMutexes::mayBeTried(std::uint64_t mutex) const {
    return m_any || std::binary_search(m_constants.begin(), m_constants.end(), mutex);
}

} // namespace weft::interpreter
