// SPDX-License-Identifier: MIT
#include "engine/action/SyncObjectState.hpp"

#include <algorithm>

namespace weft {

namespace {

/// The index of `t` among the waiters, or -1.
int waiterIndex(const SyncObjectState &s, ThreadId t) {
    for (std::size_t i = 0; i < s.waiters.size(); ++i)
        if (s.waiters[i].thread == t)
            return static_cast<int>(i);
    return -1;
}

/// The oldest pending signal sent after waiter `w` started waiting, or -1.
int signalFor(const SyncObjectState &s, const SyncObjectState::Waiter &w) {
    for (std::size_t i = 0; i < s.signals.size(); ++i)
        if (s.signals[i] > w.seq)
            return static_cast<int>(i);
    return -1;
}

} // namespace

bool SyncObjectState::succeeds(const Action &a) const {
    switch (a.kind) {
    case ActionKind::MutexTrylock: return owner == kNoThread;
    case ActionKind::SemTrywait: return count > 0;
    case ActionKind::RwTryrdlock: return owner == kNoThread;
    case ActionKind::RwTrywrlock: return owner == kNoThread && readers.empty();
    default: return isEnabled(a);
    }
}

bool SyncObjectState::isEnabled(const Action &a) const {
    switch (a.kind) {
    case ActionKind::MutexLock:
    case ActionKind::ProgramEnd: return owner == kNoThread; // the program ends once
    case ActionKind::SemWait: return count > 0;
    case ActionKind::RwRdlock: return owner == kNoThread;
    case ActionKind::RwWrlock: return owner == kNoThread && readers.empty();
    case ActionKind::CondWake: {
        const int i = waiterIndex(*this, a.thread);
        return i >= 0 && (waiters[i].broadcast || signalFor(*this, waiters[i]) >= 0);
    }
    default: return true;
    }
}

SyncObjectState SyncObjectState::after(const Action &a) const {
    SyncObjectState s = *this;
    switch (a.kind) {
    case ActionKind::MutexLock:
    case ActionKind::ProgramEnd: s.owner = a.thread; break;
    case ActionKind::MutexUnlock: s.owner = kNoThread; break;
    case ActionKind::MutexTrylock:
        if (succeeds(a))
            s.owner = a.thread;
        break;
    case ActionKind::SemInit:
        s.count = a.value;
        s.initialised = true;
        break;
    case ActionKind::SemWait: --s.count; break;
    case ActionKind::SemTrywait:
        if (count > 0)
            --s.count;
        break;
    case ActionKind::SemPost: ++s.count; break;
    case ActionKind::CondEnqueue: s.waiters.push_back({a.thread, s.seq++, false}); break;
    case ActionKind::CondSignal:
        if (std::any_of(s.waiters.begin(), s.waiters.end(), [](const Waiter &w) { return !w.broadcast; }))
            s.signals.push_back(s.seq++);
        break;
    case ActionKind::CondBroadcast:
        for (Waiter &w : s.waiters)
            w.broadcast = true;
        s.signals.clear();
        break;
    case ActionKind::CondWake: {
        const int i = waiterIndex(s, a.thread);
        if (i < 0)
            break;
        if (!s.waiters[i].broadcast) {
            const int sig = signalFor(s, s.waiters[i]);
            if (sig >= 0)
                s.signals.erase(s.signals.begin() + sig);
        }
        s.waiters.erase(s.waiters.begin() + i);
        // Signals no remaining waiter could take are dead: drop them so equal states compare equal.
        std::uint32_t oldest = s.seq;
        for (const Waiter &w : s.waiters)
            if (!w.broadcast)
                oldest = std::min(oldest, w.seq);
        std::erase_if(s.signals, [oldest](std::uint32_t sig) { return sig <= oldest; });
        break;
    }
    case ActionKind::RwRdlock:
    case ActionKind::RwTryrdlock:
        if (succeeds(a)) {
            auto at = std::lower_bound(s.readers.begin(), s.readers.end(), a.thread);
            if (at == s.readers.end() || *at != a.thread)
                s.readers.insert(at, a.thread);
        }
        break;
    case ActionKind::RwRdunlock: std::erase(s.readers, a.thread); break;
    case ActionKind::RwWrlock:
    case ActionKind::RwTrywrlock:
        if (succeeds(a))
            s.owner = a.thread;
        break;
    case ActionKind::RwWrunlock: s.owner = kNoThread; break;
    case ActionKind::BarrierInit:
        s.parties = a.value;
        s.arrived = 0;
        s.initialised = true;
        break;
    case ActionKind::BarrierArrive:
        if (completesRound()) {
            s.arrived = 0;
            ++s.round;
        } else {
            ++s.arrived;
        }
        break;
    default: break;
    }
    return s;
}

} // namespace weft
