// SPDX-License-Identifier: MIT
// Where each instruction of a Program comes from (file:line:column), and the program's names:
// functions, their local variables and the globals, with C types from the debug info (spelled, and
// their shape in a type table). Plain data.
#pragma once

#include "engine/base/SourceSpot.hpp"
#include "engine/program/CType.hpp"
#include "engine/program/Instruction.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace weft::program {

/// A position in a source file; file indexes SourceMap::files(), line 0 = unknown.
using weft::SourceSpot;

/// A named variable of the C program (local, parameter or global).
struct Variable {
    std::string name;
    std::string type; ///< C spelling, e.g. "int", "struct node *", "pthread_mutex_t"
    SourceSpot declared;
    std::uint32_t typeIndex = kNoType; ///< its type's shape in SourceMap::types
};

/// From instruction `from` on, local variable `variable` is found at `where`.
struct VariableBinding {
    enum class Kind : std::uint8_t {
        Memory, ///< `where` holds the variable's address (an alloca)
        Value,  ///< `where` holds the variable's value (a promoted local)
    };
    std::uint32_t variable = 0;
    std::uint32_t from = 0;
    Kind kind = Kind::Value;
    Operand where = kNoOperand;
};

struct FunctionSource {
    std::string name;
    SourceSpot declared;
    std::vector<SourceSpot> spots; ///< one per instruction of the function's code
    std::vector<Variable> locals;
    std::vector<VariableBinding> bindings; ///< in instruction order
};

class SourceMap {
public:
    /// Interns a file name; index 0 is the unknown file "".
    std::uint32_t addFile(const std::string &name);
    const std::vector<std::string> &files() const { return m_files; }
    const std::string &fileName(std::uint32_t index) const { return m_files[index]; }

    std::vector<FunctionSource> functions; ///< parallel to Program::functions
    std::vector<Variable> globals;          ///< parallel to Program::globals
    std::vector<CType> types;               ///< the types of variables, fields and elements

    /// The shape of type `index`, or null for kNoType.
    const CType *type(std::uint32_t index) const { return index < types.size() ? &types[index] : nullptr; }

    /// The spot of instruction `pc` of function `function` (line 0 if unknown).
    SourceSpot spotOf(std::uint32_t function, std::uint32_t pc) const;
    /// "file:line:column" (or "file:line", or "" when unknown).
    std::string format(SourceSpot spot) const;
    std::string format(std::uint32_t function, std::uint32_t pc) const { return format(spotOf(function, pc)); }

private:
    std::vector<std::string> m_files{""};
};

} // namespace weft::program
