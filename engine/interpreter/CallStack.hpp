// SPDX-License-Identifier: MIT
// A thread's call stack: frames over one register array (each frame a window of its function's
// registers) and the stack objects its frames allocated. Value type; copied with the thread's state.
#pragma once

#include "engine/interpreter/RegisterShadow.hpp"

#include <cstdint>
#include <vector>

namespace weft::interpreter {

struct Frame {
    std::uint32_t function = 0;   ///< index into Program::functions
    std::uint32_t pc = 0;         ///< current instruction (a call while a callee runs)
    std::uint32_t base = 0;       ///< first register of the window in CallStack::registers
    std::uint32_t firstLocal = 0; ///< first of this frame's objects in CallStack::locals
    friend bool operator==(const Frame &, const Frame &) = default;
    /// Returning runs the caller's instruction again instead of moving past it (the atexit handlers
    /// run before an exit() or main's return, which then proceeds).
    bool reentersCaller = false;
    /// A variadic function's arguments beyond its parameters, in 8-byte slots as the x86-64 ABI
    /// lays them out in memory (a stack object of the frame; 0 when the call passed none).
    std::uint64_t varargs = 0;
};

struct CallStack {
    std::vector<Frame> frames;            ///< innermost last
    std::vector<std::uint64_t> registers; ///< all frames' windows, innermost last
    std::vector<std::uint64_t> locals;    ///< pointers to the stack objects, innermost last
    /// --uninit report: the shadow of each register (parallel to `registers`); empty otherwise.
    std::vector<RegisterShadow> shadows;
    bool tracksUndefined = false;
    /// Some register may hold an undefined value. Until then every shadow is zero and instructions
    /// skip them (the cost of --uninit is paid by threads that meet an undefined value).
    bool holdsUndefined = false;

    bool empty() const { return frames.empty(); }
    Frame &top() { return frames.back(); }
    const Frame &top() const { return frames.back(); }

    /// Pushes a frame of `registerCount` zeroed registers for `function`.
    void push(std::uint32_t function, std::uint32_t registerCount) {
        frames.push_back({function, 0, std::uint32_t(registers.size()), std::uint32_t(locals.size()), false, 0});
        registers.resize(registers.size() + registerCount, 0);
        if (tracksUndefined)
            shadows.resize(registers.size());
    }
    /// Pops the innermost frame; its stack objects are returned through `dead` (appended).
    void pop(std::vector<std::uint64_t> &dead) {
        const Frame f = frames.back();
        frames.pop_back();
        registers.resize(f.base);
        if (tracksUndefined)
            shadows.resize(f.base);
        dead.insert(dead.end(), locals.begin() + f.firstLocal, locals.end());
        locals.resize(f.firstLocal);
    }
};

} // namespace weft::interpreter
