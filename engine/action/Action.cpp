// SPDX-License-Identifier: MIT
#include "engine/action/Action.hpp"

#include "engine/base/Message.hpp"

namespace weft {

std::string_view actionKindName(ActionKind kind) {
    switch (kind) {
#define WEFT_ACTION(name, text, other, objTree)                                                                        \
    case ActionKind::name: return text;
#include "engine/action/Actions.def"
    }
    return "?";
}

bool hasOtherPredecessor(ActionKind kind) {
    switch (kind) {
#define WEFT_ACTION(name, text, other, objTree)                                                                        \
    case ActionKind::name: return other;
#include "engine/action/Actions.def"
    }
    return false;
}

bool isObjectTreeKind(ActionKind kind) {
    switch (kind) {
#define WEFT_ACTION(name, text, other, objTree)                                                                        \
    case ActionKind::name: return objTree;
#include "engine/action/Actions.def"
    }
    return false;
}

std::string Action::toString() const {
    std::string out = "T" + std::to_string(thread) + " " + std::string(actionKindName(kind));
    if (targetsThread(kind))
        out += " T" + std::to_string(object);
    else if (targetsSyncObject(kind))
        out += " m" + std::to_string(object);
    else if (isMemoryAccess(kind))
        out += " x" + std::to_string(object);
    if (showsValue(kind))
        out += " " + std::to_string(value);
    return out;
}

std::string describeAction(const Action &action, const std::string &object) {
    // The Act* kinds follow Actions.def's order.
    static_assert(std::size_t(MessageKind::ActAwaitBlocked) - std::size_t(MessageKind::ActStart) ==
                  std::size_t(ActionKind::AwaitBlocked));
    const auto kind = action.kind == ActionKind::AssumeBlocked && action.value == kStoppedAtStepBound
                          ? MessageKind::ActStopAtStepBound
                          : MessageKind(std::size_t(MessageKind::ActStart) + std::size_t(action.kind));
    std::vector<std::string> args;
    if (targetsThread(action.kind))
        args.push_back(std::to_string(action.object));
    else if (namesMemoryObject(action.kind))
        args.push_back(object);
    if (showsValue(action.kind))
        args.push_back(std::to_string(action.value));
    return english(kind, std::move(args));
}

} // namespace weft
