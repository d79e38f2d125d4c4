// SPDX-License-Identifier: MIT
#include "engine/interpreter/PureCallMemo.hpp"

#include <algorithm>

namespace weft::interpreter {

namespace {

// A hit costs a hash lookup; a call shorter than this is cheaper to run again.
constexpr std::uint64_t kMinSteps = 64;
// Recordings of a function that were impure, or too short, before it is not tried any more.
constexpr std::uint8_t kMaxImpure = 4;
constexpr std::uint8_t kMaxShort = 2;
// The table's bound: a program that calls a pure function with ever new arguments stops filling it.
constexpr std::size_t kMaxEntries = std::size_t{1} << 16;

} // namespace

std::size_t PureCallMemo::KeyHash::operator()(const Key &k) const {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ k.function;
    for (std::uint64_t a : k.args) {
        h ^= a + 0x632be59bd9b4e019ULL + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdULL;
    }
    return std::size_t(h ^ (h >> 29));
}

const PureCallMemo::Entry *PureCallMemo::find(std::uint32_t function, const std::vector<std::uint64_t> &args) const {
    if (m_entries.empty())
        return nullptr;
    m_probe.function = function;
    m_probe.args.assign(args.begin(), args.end());
    const auto it = m_entries.find(m_probe);
    return it == m_entries.end() ? nullptr : &it->second;
}

bool PureCallMemo::worthRecording(std::uint32_t function) const {
    if (m_entries.size() >= kMaxEntries)
        return false;
    if (function >= m_tries.size())
        return true;
    const Tries &t = m_tries[function];
    return t.impure < kMaxImpure && t.short_ < kMaxShort;
}

void PureCallMemo::begin(std::uint32_t function, const std::vector<std::uint64_t> &args, std::size_t frames,
                         std::uint32_t owner, std::uint32_t firstObject, std::uint64_t steps) {
    m_recording = true;
    m_key.function = function;
    m_key.args.assign(args.begin(), args.end());
    m_entry = {};
    m_entry.frames = 1;
    m_callerFrames = frames;
    m_owner = owner;
    m_firstObject = firstObject;
    m_stepsAtBegin = steps;
}

void PureCallMemo::abandon() {
    if (!m_recording)
        return;
    m_recording = false;
    if (m_key.function >= m_tries.size())
        m_tries.resize(m_key.function + 1);
    Tries &t = m_tries[m_key.function];
    t.impure = std::uint8_t(std::min<int>(t.impure + 1, 255));
}

void PureCallMemo::noteBuiltin(program::Builtin builtin) {
    if (m_recording && !program::isNumbersOnlyMath(builtin))
        abandon();
}

void PureCallMemo::noteFrames(std::size_t frames) {
    if (m_recording)
        m_entry.frames = std::max<std::uint32_t>(m_entry.frames, std::uint32_t(frames - m_callerFrames));
}

void PureCallMemo::finish(const std::vector<std::uint64_t> &results, std::uint64_t steps) {
    m_recording = false;
    m_entry.steps = steps - m_stepsAtBegin;
    if (m_entry.steps < kMinSteps) {
        if (m_key.function >= m_tries.size())
            m_tries.resize(m_key.function + 1);
        Tries &t = m_tries[m_key.function];
        t.short_ = std::uint8_t(std::min<int>(t.short_ + 1, 255));
        return;
    }
    m_entry.results = results;
    // Each object's bytes, and at most 40 bytes of race record per byte (Memory::shadow), held at once at most.
    for (const Allocation &a : m_entry.allocations)
        m_entry.bytes += 41 * a.size;
    m_entries.insert_or_assign(m_key, std::move(m_entry));
}

} // namespace weft::interpreter
