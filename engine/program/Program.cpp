// SPDX-License-Identifier: MIT
#include "engine/program/Program.hpp"

namespace weft::program {

std::string_view opcodeName(Opcode op) {
    switch (op) {
#define WEFT_OPCODE(name, text)                                                                          \
    case Opcode::name: return text;
#include "engine/program/Opcodes.def"
    }
    return "?";
}

std::optional<std::uint32_t> Program::findFunction(const std::string &name) const {
    for (std::uint32_t i = 0; i < functions.size(); ++i)
        if (functions[i].name == name)
            return i;
    return std::nullopt;
}

std::optional<std::uint32_t> Program::findGlobal(const std::string &name) const {
    for (std::uint32_t i = 0; i < globals.size(); ++i)
        if (globals[i].name == name)
            return i;
    return std::nullopt;
}

} // namespace weft::program
