// SPDX-License-Identifier: MIT
#include "app/dap/StateReferences.hpp"

#include "engine/debugger/Replay.hpp"
#include "engine/debugger/StateInspector.hpp"

#include <cctype>
#include <filesystem>

namespace weft::dap {

using debugger::FrameState;
using debugger::ProgramState;
using debugger::ThreadState;
using debugger::ThreadStatus;
using debugger::VariableValue;

void StateReferences::invalidate() {
    m_state.reset();
    m_frames.clear();
    m_frameIds.clear();
    m_containers.clear();
    m_containerIds.clear();
}

const ProgramState &StateReferences::state(const debugger::Replay &replay) {
    if (!m_state)
        m_state = debugger::inspectState(replay);
    return *m_state;
}

std::string StateReferences::threadName(const ThreadState &t) {
    std::string name = "T" + std::to_string(t.id);
    switch (t.status) {
    case ThreadStatus::Running:
        return name + (t.pending.empty() ? " (running its local code)" : " (next: " + t.pending + ")");
    case ThreadStatus::Ready: return name + " (ready: " + t.pending + ")";
    case ThreadStatus::Blocked: return name + " (blocked: " + t.pending + ")";
    case ThreadStatus::Finished: return name + " (finished)";
    case ThreadStatus::Stopped: return name + " (stopped: " + t.pending + ")";
    }
    return name;
}

Json StateReferences::threads(const debugger::Replay &replay) {
    Json list = Json::array();
    for (const ThreadState &t : state(replay).threads)
        list.push_back({{"id", dapThreadId(t.id)}, {"name", threadName(t)}});
    return {{"threads", std::move(list)}};
}

std::int64_t StateReferences::frameIdOf(ThreadId thread, std::size_t index) {
    const auto [it, added] = m_frameIds.try_emplace({thread, index}, std::int64_t(m_frames.size()) + 1);
    if (added)
        m_frames.emplace_back(thread, index);
    return it->second;
}

const FrameState *StateReferences::frame(const debugger::Replay &replay, std::int64_t frameId) {
    if (frameId < 1 || std::size_t(frameId) > m_frames.size())
        return nullptr;
    const auto [thread, index] = m_frames[std::size_t(frameId - 1)];
    const ThreadState *t = state(replay).thread(thread);
    return t && index < t->frames.size() ? &t->frames[index] : nullptr;
}

Json StateReferences::stackTrace(const debugger::Replay &replay, ThreadId thread, std::int64_t startFrame,
                                 std::int64_t levels) {
    const ThreadState *t = state(replay).thread(thread);
    if (!t)
        throw RequestError(kNotAvailable, "there is no thread with this id at this step");
    Json frames = Json::array();
    const std::size_t first = std::size_t(std::max<std::int64_t>(0, startFrame));
    const std::size_t end = levels > 0 ? std::min(t->frames.size(), first + std::size_t(levels)) : t->frames.size();
    for (std::size_t i = first; i < end; ++i) {
        const FrameState &f = t->frames[i];
        Json frame = {{"id", frameIdOf(thread, i)}, {"name", f.function}, {"line", f.line}, {"column", f.line ? 1 : 0}};
        if (!f.file.empty())
            frame["source"] = {{"name", std::filesystem::path(f.file).filename().string()},
                               {"path", std::filesystem::absolute(f.file).lexically_normal().string()}};
        else
            frame["presentationHint"] = "subtle";
        frames.push_back(std::move(frame));
    }
    return {{"stackFrames", std::move(frames)}, {"totalFrames", t->frames.size()}};
}

std::int64_t StateReferences::referenceOf(const std::vector<VariableValue> &values, std::uint64_t omitted) {
    const auto [it, added] = m_containerIds.try_emplace(&values, std::int64_t(m_containers.size()) + 1);
    if (added)
        m_containers.push_back({&values, omitted});
    return it->second;
}

Json StateReferences::scopes(const debugger::Replay &replay, std::int64_t frameId) {
    const FrameState *f = frame(replay, frameId);
    if (!f)
        throw RequestError(kNotAvailable, "unknown frame id " + std::to_string(frameId) + " (the replay moved?)");
    const ProgramState &s = state(replay);
    Json list = Json::array();
    list.push_back({{"name", "Locals"}, {"presentationHint", "locals"}, {"variablesReference", referenceOf(f->locals, 0)},
                    {"namedVariables", f->locals.size()}, {"expensive", false}});
    list.push_back({{"name", "Globals"}, {"variablesReference", referenceOf(s.globals, 0)},
                    {"namedVariables", s.globals.size()}, {"expensive", false}});
    return {{"scopes", std::move(list)}};
}

Json StateReferences::variableJson(const VariableValue &v) {
    Json j = {{"name", v.name}, {"value", v.value}, {"type", v.type}, {"variablesReference", 0}};
    if (!v.children.empty()) {
        j["variablesReference"] = referenceOf(v.children, v.omitted);
        const bool array = !v.children.empty() && v.children.front().name.starts_with("[");
        j[array ? "indexedVariables" : "namedVariables"] = v.children.size();
    }
    return j;
}

Json StateReferences::variables(const debugger::Replay &replay, std::int64_t reference, std::int64_t start,
                                std::int64_t count) {
    state(replay);
    if (reference < 1 || std::size_t(reference) > m_containers.size())
        throw RequestError(kNotAvailable, "unknown variables reference " + std::to_string(reference) +
                                              " (the replay moved?)");
    const Container c = m_containers[std::size_t(reference - 1)];
    Json list = Json::array();
    const std::size_t first = std::size_t(std::max<std::int64_t>(0, start));
    const std::size_t end = count > 0 ? std::min(c.values->size(), first + std::size_t(count)) : c.values->size();
    for (std::size_t i = first; i < end; ++i)
        list.push_back(variableJson((*c.values)[i]));
    if (c.omitted && end == c.values->size())
        list.push_back({{"name", "…"}, {"value", std::to_string(c.omitted) + " more not shown"}, {"variablesReference", 0},
                        {"presentationHint", {{"kind", "virtual"}}}});
    return {{"variables", std::move(list)}};
}

const VariableValue *StateReferences::find(const std::vector<VariableValue> &scope, const std::string &path) const {
    // path := name ( '.' name | '->' name | '[' digits ']' )*, spaces ignored
    std::string text;
    for (char c : path)
        if (!std::isspace(static_cast<unsigned char>(c)))
            text += c;
    std::size_t at = 0;
    auto name = [&] {
        const std::size_t from = at;
        while (at < text.size() && (std::isalnum(static_cast<unsigned char>(text[at])) || text[at] == '_'))
            ++at;
        return text.substr(from, at - from);
    };
    const std::string head = name();
    if (head.empty())
        return nullptr;
    const VariableValue *current = nullptr;
    for (const VariableValue &v : scope)
        if (v.name == head)
            current = &v;
    while (current && at < text.size()) {
        std::string part;
        if (text[at] == '.' || text.compare(at, 2, "->") == 0) {
            at += text[at] == '.' ? 1 : 2;
            part = name();
        } else if (text[at] == '[') {
            const std::size_t close = text.find(']', at);
            if (close == std::string::npos)
                return nullptr;
            part = text.substr(at, close + 1 - at);
            at = close + 1;
        } else {
            return nullptr;
        }
        const VariableValue *next = nullptr;
        for (const VariableValue &child : current->children)
            if (child.name == part)
                next = &child;
        current = next;
    }
    return current;
}

const VariableValue *StateReferences::lookUp(const debugger::Replay &replay, ThreadId thread, const std::string &path) {
    const ProgramState &s = state(replay);
    if (const ThreadState *t = s.thread(thread); t && !t->frames.empty())
        if (const VariableValue *v = find(t->frames.front().locals, path))
            return v;
    return find(s.globals, path);
}

Json StateReferences::evaluate(const debugger::Replay &replay, const std::string &expression,
                               std::optional<std::int64_t> frameId) {
    const ProgramState &s = state(replay);
    const VariableValue *v = nullptr;
    if (frameId) {
        const FrameState *f = frame(replay, *frameId);
        if (!f)
            throw RequestError(kNotAvailable, "unknown frame id " + std::to_string(*frameId) + " (the replay moved?)");
        v = find(f->locals, expression);
        if (!v)
            v = find(s.globals, expression);
    } else {
        v = lookUp(replay, replay.runningThread(), expression);
    }
    if (!v)
        throw RequestError(kNotAvailable, "'" + expression + "' is not a variable in scope here (evaluate takes a "
                                              "variable name, a field 'a.b' or 'p->b', or an element 'a[2]')");
    Json j = variableJson(*v);
    return {{"result", v->value}, {"type", v->type}, {"variablesReference", j["variablesReference"]}};
}

} // namespace weft::dap
