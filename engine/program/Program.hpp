// SPDX-License-Identifier: MIT
// A C program lowered once for the interpreter: functions as flat instruction arrays with resolved
// operands, the globals' layout and initial bytes, the constant pool and the source map. Immutable.
#pragma once

#include "engine/base/Diagnostic.hpp"
#include "engine/program/Builtin.hpp"
#include "engine/program/Instruction.hpp"
#include "engine/program/SourceMap.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace weft::program {

struct Function {
    std::string name;
    /// Set for an external function the interpreter implements; such a function has no code.
    std::optional<Builtin> builtin;
    std::uint32_t paramRegisters = 0;  ///< registers 0.. hold the (flattened) parameters
    std::uint32_t registerCount = 0;   ///< parameters, values and temporaries
    std::uint32_t returnRegisters = 0; ///< leaves of the return value (0 for void)
    bool variadic = false;
    std::vector<Instruction> code;
    std::vector<Operand> operands;     ///< call arguments and return values (Instruction b, c)
    std::vector<SwitchCase> cases;
    std::vector<Move> moves;

    bool isDefined() const { return !builtin; }
};

/// A pointer stored in a global's initial bytes (already encoded there).
struct Relocation {
    std::uint32_t offset = 0;
    std::uint64_t target = 0;
};

struct Global {
    std::string name;
    std::uint32_t size = 0;
    std::uint32_t alignment = 1;
    bool readOnly = false;
    /// _Thread_local / __thread: main uses the variable itself, every other thread a copy of its
    /// initial value made on first use (llvm.threadlocal.address, Builtin::ThreadLocalAddress).
    bool threadLocal = false;
    std::vector<std::uint8_t> initialBytes; ///< `size` bytes, pointers encoded (PointerEncoding.hpp)
    std::vector<Relocation> relocations;
};

/// The values of a wide nondet input (or an undefined function's integer result) that get past the
/// checks following it (LoweringAssumedRange.hpp): every other value ends the execution before the calling
/// thread does anything visible, so weft svcomp explores lo..hi alone and covers every value.
struct AssumedRange {
    std::int64_t lo = 0;
    std::int64_t hi = 0;
    /// The checks read the value back from memory it was stored in: the range holds only while no
    /// other thread exists (none could read or overwrite it in between).
    bool needsOnlyThread = false;
};

struct Program {
    std::vector<Function> functions;
    std::vector<Global> globals; ///< global i is object i + 1 of the global owner
    std::vector<std::uint64_t> constants;
    std::uint32_t mainFunction = 0;
    /// The runtime library's __weft_thread_end (pthread key destructors), run by every thread but
    /// main before it exits, if the program uses it; kNoFunction otherwise.
    static constexpr std::uint32_t kNoFunction = ~std::uint32_t{0};
    std::uint32_t threadEndFunction = kNoFunction;
    /// The runtime library's __weft_exit_handlers (atexit), run once by the thread that ends the
    /// program (exit(), or main returning), if the program registers handlers.
    std::uint32_t exitHandlersFunction = kNoFunction;
    /// The external functions called (builtins), by symbol, sorted.
    std::vector<std::string> externals;
    /// The functions only declared that weft svcomp may run as returning arbitrary values
    /// (kUndefinedFunctionCall), by symbol, sorted.
    std::vector<std::string> undefinedFunctions;
    /// By index in the `a` operand of a wide nondet CallBuiltin or of an undefined function's
    /// Unsupported call (kNoOperand: none).
    std::vector<AssumedRange> assumedRanges;
    /// What each Unsupported instruction stands for ("fork()", "inline assembly"), by its imm.
    std::vector<std::string> unsupported;
    /// Load-time warnings with locations: the unsupported operations, each a defect only if reached.
    std::vector<Diagnostic> warnings;
    SourceMap sourceMap;
    /// Where code uses a value that was never initialised (an uninitialised local): lowered as 0,
    /// so its other values are not explored. The first such use of each function.
    std::vector<SourceSpot> undefinedValueUses;
    /// The constants that stand for such a value (one per use, read as 0; --uninit tracks them), by
    /// constant index, with the variable it is when the debug info says ("" otherwise).
    std::map<std::uint32_t, std::string> undefinedConstants;

    std::uint64_t constant(Operand o) const { return constants[constantIndex(o)]; }
    /// The function called `name`, if any.
    std::optional<std::uint32_t> findFunction(const std::string &name) const;
    /// The global called `name`, if any.
    std::optional<std::uint32_t> findGlobal(const std::string &name) const;
};

} // namespace weft::program
