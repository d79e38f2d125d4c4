// SPDX-License-Identifier: MIT
#include "tests/model/RandomProgram.hpp"

#include <algorithm>

namespace weft::model {

namespace {

constexpr int kSemaphoreBase = 100; // object ids of semaphores (mutex m<i> is object i + 1)
constexpr int kCondBase = 200;      // object ids of condition variables
constexpr int kSharedBase = 300;    // variable ids of the shared (racy) variables x<i>
constexpr int kRwlockBase = 400;    // object ids of read-write locks

/// SplitMix64: tiny, and the same sequence on every platform (unlike <random>'s distributions).
class SplitMix {
public:
    explicit SplitMix(std::uint64_t seed) : m_state(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, n).
    int below(int n) {
        return n <= 1 ? 0 : static_cast<int>(next() % static_cast<std::uint64_t>(n));
    }
    bool percent(int p) { return below(100) < p; }

private:
    std::uint64_t m_state;
};

using Code = std::vector<RandomInstruction>;

class Generator {
public:
    Generator(std::uint64_t seed, const RandomProgramShape &shape) : m_rng(seed), m_shape(shape) {
        m_mutexes = 1 + m_rng.below(std::max(1, shape.maxMutexes));
        if (shape.sharedPercent > 0)
            m_shared = 1 + m_rng.below(std::max(1, shape.maxSharedVariables));
        if (shape.rwlockPercent > 0)
            m_rwlocks = 1 + m_rng.below(2);
    }

    int mutexes() const { return m_mutexes; }
    int shared() const { return m_shared; }
    int rwlocks() const { return m_rwlocks; }

    std::vector<Code> program() {
        std::vector<Code> codes = draw();
        for (int attempt = 0; attempt < 1000 && size(codes) > m_shape.maxActions; ++attempt)
            codes = draw();
        return codes;
    }

private:
    /// A mutex's destroy, or (family 9) one time in two a read-write lock's.
    RandomInstruction destroyOf() {
        if (m_shape.destroyRwlocks && m_rwlocks > 0 && m_rng.percent(50))
            return {RandomInstruction::RwDestroy, m_rng.below(m_rwlocks)};
        return {RandomInstruction::Destroy, m_rng.below(m_mutexes)};
    }
    static int size(const std::vector<Code> &codes) {
        int n = 0;
        for (const Code &c : codes)
            n +=
                2 +
                [&] {
                    int visible = 0;
                    for (const RandomInstruction &in : c) {
                        switch (in.op) {
                        case RandomInstruction::Write:
                        case RandomInstruction::Add:
                        case RandomInstruction::JumpUnless:
                        case RandomInstruction::Jump: break;
                        case RandomInstruction::CondWait: visible += 4; break; // enqueue, unlock, wake, lock
                        case RandomInstruction::SharedAdd: visible += 2; break; // read, write
                        case RandomInstruction::Assume: break;
                        default: ++visible;
                        }
                    }
                    return visible;
                }();
        return n;
    }

    std::vector<Code> draw() {
        const int span = std::max(0, m_shape.maxWorkers - m_shape.minWorkers);
        const int workers = std::max(1, m_shape.minWorkers + m_rng.below(span + 1));
        const int nester =
            m_rng.percent(m_shape.nestedCreatePercent) ? 1 + m_rng.below(workers) : -1;
        std::vector<Code> codes(1 + workers + (nester > 0 ? 1 : 0));
        Code &main = codes[0];
        if (m_shape.syncPercent > 0)
            main.push_back({RandomInstruction::SemInit, 0, m_rng.below(2)});
        for (int w = 1; w <= workers; ++w) {
            main.push_back({RandomInstruction::Create, w});
            if (w < workers && m_rng.percent(m_shape.mainSectionPercent))
                section(main, m_rng.below(m_mutexes), false, {});
        }
        std::vector<int> order;
        for (int w = 1; w <= workers; ++w)
            if (m_rng.percent(m_shape.joinPercent))
                order.push_back(w);
        if (m_rng.percent(50))
            std::reverse(order.begin(), order.end());
        for (int w : order)
            main.push_back({RandomInstruction::Join, w});
        if (m_shape.destroyPercent > 0 && m_rng.percent(m_shape.destroyPercent))
            main.push_back(destroyOf());
        for (int w = 1; w <= workers; ++w)
            codes[w] = thread(w == nester ? workers + 1 : -1, m_shape.maxSections);
        if (nester > 0)
            codes[workers + 1] = thread(-1, 1);
        return codes;
    }

    /// A thread: 1..maxSections critical sections, possibly creating (and joining) code `child`.
    Code thread(int child, int maxSections) {
        Code out;
        const int sections = 1 + m_rng.below(std::max(1, maxSections));
        // Where the create goes: 2s before section s, 2s+1 just inside it, 2*sections at the end.
        const int createAt = child >= 0 ? m_rng.below(2 * sections + 1) : -1;
        for (int s = 0; s < sections; ++s) {
            if (createAt == 2 * s)
                out.push_back({RandomInstruction::Create, child});
            const bool keep = s == sections - 1 && m_rng.percent(m_shape.keepHeldPercent);
            if (m_shape.sharedPercent > 0 && createAt != 2 * s + 1 && m_rng.percent(m_shape.sharedPercent)) {
                const int accesses = 1 + m_rng.below(3);
                for (int i = 0; i < accesses; ++i)
                    sharedAccess(out);
            } else if (m_rwlocks > 0 && createAt != 2 * s + 1 && m_rng.percent(m_shape.rwlockPercent)) {
                rwSection(out, m_rng.below(m_rwlocks), keep);
            } else {
                section(out, m_rng.below(m_mutexes), keep, {}, createAt == 2 * s + 1 ? child : -1);
            }
            if (m_rng.percent(m_shape.syncPercent))
                out.push_back({m_rng.percent(50) ? RandomInstruction::SemPost : RandomInstruction::SemWait, 0});
            if (m_shape.destroyPercent > 0 && m_rng.percent(m_shape.destroyPercent))
                out.push_back(destroyOf());
        }
        if (createAt == 2 * sections)
            out.push_back({RandomInstruction::Create, child});
        if (child >= 0 && m_rng.percent(50))
            out.push_back({RandomInstruction::Join, child});
        return out;
    }

    /// lock m; [create]; 1–2 statements; unlock m (unless `keep`).
    void section(Code &out, int m, bool keep, std::vector<int> held, int create = -1,
                 int ifDepth = 0) {
        // A trylock section is skipped entirely when the mutex is held (never kept locked, and it
        // creates no thread, which a later join would wait for).
        const bool tryFirst = !keep && create < 0 && m_rng.percent(m_shape.syncPercent);
        const std::size_t head = out.size();
        out.push_back({tryFirst ? RandomInstruction::TrylockOrSkip : RandomInstruction::Lock, m});
        held.push_back(m);
        if (create >= 0)
            out.push_back({RandomInstruction::Create, create});
        const int statements = 1 + m_rng.below(2);
        for (int i = 0; i < statements; ++i)
            statement(out, held, ifDepth);
        if (!keep)
            out.push_back({RandomInstruction::Unlock, m});
        if (tryFirst)
            out[head].target = static_cast<int>(out.size());
    }

    /// A write, a branch on a guarded variable, or a nested critical section; `held` is non-empty.
    void statement(Code &out, const std::vector<int> &held, int ifDepth) {
        std::vector<int> free;
        for (int m = 0; m < m_mutexes; ++m)
            if (std::find(held.begin(), held.end(), m) == held.end())
                free.push_back(m);
        const bool canNest = !free.empty() && static_cast<int>(held.size()) < m_shape.maxNesting;
        const int roll = m_rng.below(100);
        const int v = held[m_rng.below(static_cast<int>(held.size()))];
        if (m_shape.assertPercent > 0 && m_rng.percent(m_shape.assertPercent)) {
            out.push_back({RandomInstruction::Assert, v, m_rng.below(2)});
        } else if (m_shape.assumePercent > 0 && m_rng.percent(m_shape.assumePercent)) {
            if (m_shared > 0 && m_rng.percent(50))
                out.push_back({RandomInstruction::SharedAssume, m_rng.below(m_shared), m_rng.below(2)});
            else
                out.push_back({RandomInstruction::Assume, v, m_rng.below(2)});
        } else if (m_shared > 0 && m_rng.percent(m_shape.sharedPercent / 2)) {
            sharedAccess(out);
        } else if (m_rng.percent(m_shape.syncPercent)) {
            const int kind = m_rng.below(3);
            out.push_back({kind == 0   ? RandomInstruction::CondWait
                           : kind == 1 ? RandomInstruction::CondSignal
                                       : RandomInstruction::CondBroadcast,
                           0, held.back()});
        } else if (roll < 35 || (roll >= 70 && !canNest) || (roll >= 35 && roll < 70 && ifDepth > 0)) {
            if (m_rng.percent(50))
                out.push_back({RandomInstruction::Write, v, m_rng.below(3)});
            else
                out.push_back({RandomInstruction::Add, v, 1});
        } else if (roll < 70) {
            // if (v == c) { then } else { otherwise }
            const std::size_t test = out.size();
            out.push_back({RandomInstruction::JumpUnless, v, m_rng.below(2)});
            statement(out, held, ifDepth + 1);
            if (m_rng.percent(50)) {
                const std::size_t skip = out.size();
                out.push_back({RandomInstruction::Jump});
                out[test].target = static_cast<int>(out.size());
                statement(out, held, ifDepth + 1);
                out[skip].target = static_cast<int>(out.size());
            } else {
                out[test].target = static_cast<int>(out.size());
            }
        } else {
            section(out, free[m_rng.below(static_cast<int>(free.size()))], false, held, -1,
                    ifDepth);
        }
    }

    /// rdlock or wrlock rw(r) (or a try, skipping the section when it fails); 1–2 statements: a
    /// writer writes the lock's variable, a reader may branch on it; either may nest a mutex section;
    /// unlock (unless `keep`).
    void rwSection(Code &out, int r, bool keep) {
        const int write = m_rng.below(2);
        const bool tryFirst = !keep && m_rng.percent(25);
        const int v = m_mutexes + r;
        const std::size_t head = out.size();
        out.push_back({tryFirst ? RandomInstruction::RwTryOrSkip : RandomInstruction::RwLock, r, write});
        const int statements = 1 + m_rng.below(2);
        for (int i = 0; i < statements; ++i) {
            if (m_rng.percent(50)) {
                section(out, m_rng.below(m_mutexes), false, {});
            } else if (write) {
                out.push_back(
                    {m_rng.percent(50) ? RandomInstruction::Write : RandomInstruction::Add, v, 1 + m_rng.below(2)});
            } else {
                const std::size_t test = out.size();
                out.push_back({RandomInstruction::JumpUnless, v, m_rng.below(2)});
                section(out, m_rng.below(m_mutexes), false, {});
                out[test].target = static_cast<int>(out.size());
            }
        }
        if (!keep)
            out.push_back({RandomInstruction::RwUnlock, r, write});
        if (tryFirst)
            out[head].target = static_cast<int>(out.size());
    }

    /// A racy access to a shared variable; a read may skip the next instruction depending on its value.
    void sharedAccess(Code &out) {
        const int x = m_rng.below(m_shared);
        if (m_shape.nondetPercent > 0 && m_rng.percent(m_shape.nondetPercent)) {
            // if (nondet() != b) skip the next access
            out.push_back({RandomInstruction::NondetJump, 0, m_rng.below(RandomProgram::kNondetHi + 1)});
            const std::size_t test = out.size() - 1;
            out.push_back({RandomInstruction::SharedWrite, x, 1 + m_rng.below(2)});
            out[test].target = static_cast<int>(out.size());
            return;
        }
        if (m_shape.spinPercent > 0 && m_rng.percent(m_shape.spinPercent)) {
            out.push_back({RandomInstruction::SharedSpin, x, 1 + m_rng.below(2)});
            return;
        }
        const int roll = m_rng.below(100);
        if (roll < 40) {
            out.push_back({RandomInstruction::SharedRead, x, m_rng.below(2)});
            out.back().target = static_cast<int>(out.size()); // patched below if it skips
            if (m_rng.percent(50)) {
                const std::size_t test = out.size() - 1;
                sharedAccess(out);
                out[test].target = static_cast<int>(out.size());
            }
        } else if (roll < 75) {
            out.push_back({RandomInstruction::SharedWrite, x, 1 + m_rng.below(2)});
        } else {
            out.push_back({RandomInstruction::SharedAdd, x, 1});
        }
    }

    SplitMix m_rng;
    const RandomProgramShape &m_shape;
    int m_mutexes = 1;
    int m_shared = 0;
    int m_rwlocks = 0;
};

} // namespace

RandomProgramShape randomProgramFamily(int family) {
    RandomProgramShape s;
    s.maxActions = 24;
    if (family == 1) {
        s.maxWorkers = 2;
        s.maxSections = 3;
        s.maxNesting = 3;
        s.nestedCreatePercent = 40;
        s.keepHeldPercent = 30;
    }
    if (family == 2)
        s.syncPercent = 25;
    if (family == 3)
        s.assumePercent = 25;
    if (family == 4) {
        s.sharedPercent = 30;
        s.assumePercent = 25;
    }
    if (family == 5) {
        s.sharedPercent = 40;
        s.spinPercent = 30;
    }
    if (family == 6) {
        s.sharedPercent = 40;
        s.nondetPercent = 30;
    }
    if (family == 7)
        s.rwlockPercent = 50;
    if (family == 8)
        s.destroyPercent = 30;
    if (family == 9) {
        s.rwlockPercent = 50;
        s.destroyPercent = 30;
        s.destroyRwlocks = true;
    }
    if (family == 10)
        s.assertPercent = 20;
    return s;
}

std::unique_ptr<RandomProgram> RandomProgram::generate(std::uint64_t seed,
                                                       const RandomProgramShape &shape) {
    std::unique_ptr<RandomProgram> p(new RandomProgram());
    Generator generator(seed, shape);
    p->m_seed = seed;
    p->m_code = generator.program();
    p->m_mutexes = generator.mutexes();
    p->m_shared = generator.shared();
    p->m_rwlocks = generator.rwlocks();
    p->m_values.assign(static_cast<std::size_t>(p->m_mutexes + p->m_rwlocks), 0);
    return p;
}

void RandomProgram::reset() {
    std::fill(m_values.begin(), m_values.end(), 0);
}

ModelTask RandomProgram::run(ModelThread &self, int code) {
    const std::vector<RandomInstruction> &instructions = m_code[static_cast<std::size_t>(code)];
    std::vector<ThreadId> children(m_code.size(), kNoThread);
    std::size_t pc = 0;
    while (pc < instructions.size()) {
        const RandomInstruction in = instructions[pc++];
        switch (in.op) {
        case RandomInstruction::Lock:
            co_await self.lock(in.a + 1);
            break;
        case RandomInstruction::Unlock:
            co_await self.unlock(in.a + 1);
            break;
        case RandomInstruction::Write:
            m_values[static_cast<std::size_t>(in.a)] = in.b;
            break;
        case RandomInstruction::Add:
            m_values[static_cast<std::size_t>(in.a)] += in.b;
            break;
        case RandomInstruction::JumpUnless:
            if (m_values[static_cast<std::size_t>(in.a)] != in.b)
                pc = static_cast<std::size_t>(in.target);
            break;
        case RandomInstruction::Jump:
            pc = static_cast<std::size_t>(in.target);
            break;
        case RandomInstruction::Create: {
            const int child = in.a;
            const std::uint64_t id =
                co_await self.create([this, child](ModelThread &t) { return run(t, child); });
            children[static_cast<std::size_t>(child)] = static_cast<ThreadId>(id);
            break;
        }
        case RandomInstruction::Join:
            co_await self.join(children[static_cast<std::size_t>(in.a)]);
            break;
        case RandomInstruction::Destroy: co_await self.destroy(in.a + 1); break;
        case RandomInstruction::RwDestroy: co_await self.rwDestroy(kRwlockBase + in.a); break;
        case RandomInstruction::TrylockOrSkip: {
            // (The awaited value is stored first: GCC 12 mishandles co_await inside conditions.)
            const bool taken = co_await self.trylock(in.a + 1);
            if (!taken)
                pc = static_cast<std::size_t>(in.target);
            break;
        }
        case RandomInstruction::SemInit: co_await self.semInit(kSemaphoreBase + in.a, in.b); break;
        case RandomInstruction::SemPost: co_await self.semPost(kSemaphoreBase + in.a); break;
        case RandomInstruction::SemWait: co_await self.semWait(kSemaphoreBase + in.a); break;
        case RandomInstruction::CondWait: co_await self.condWait(kCondBase + in.a, in.b + 1); break;
        case RandomInstruction::CondSignal: co_await self.condSignal(kCondBase + in.a); break;
        case RandomInstruction::CondBroadcast: co_await self.condBroadcast(kCondBase + in.a); break;
        case RandomInstruction::SharedRead: {
            const auto value = static_cast<std::int64_t>(co_await self.read(kSharedBase + in.a));
            if (value != in.b)
                pc = static_cast<std::size_t>(in.target);
            break;
        }
        case RandomInstruction::Assume: co_await self.assume(m_values[static_cast<std::size_t>(in.a)] == in.b); break;
        case RandomInstruction::Assert:
            co_await self.check(m_values[static_cast<std::size_t>(in.a)] != in.b,
                                "v" + std::to_string(in.a + 1) + " != " + std::to_string(in.b));
            break;
        case RandomInstruction::SharedAssume: {
            const auto value = static_cast<std::int64_t>(co_await self.read(kSharedBase + in.a));
            co_await self.assume(value == in.b);
            break;
        }
        case RandomInstruction::SharedSpin: co_await self.spinUntil(kSharedBase + in.a, in.b); break;
        case RandomInstruction::NondetJump: {
            const auto value = static_cast<std::int64_t>(co_await self.nondet(0, kNondetHi));
            if (value != in.b)
                pc = static_cast<std::size_t>(in.target);
            break;
        }
        case RandomInstruction::RwLock:
            if (in.b)
                co_await self.wrlock(kRwlockBase + in.a);
            else
                co_await self.rdlock(kRwlockBase + in.a);
            break;
        case RandomInstruction::RwTryOrSkip: {
            bool taken = false;
            if (in.b)
                taken = co_await self.trywrlock(kRwlockBase + in.a);
            else
                taken = co_await self.tryrdlock(kRwlockBase + in.a);
            if (!taken)
                pc = static_cast<std::size_t>(in.target);
            break;
        }
        case RandomInstruction::RwUnlock:
            if (in.b)
                co_await self.wrunlock(kRwlockBase + in.a);
            else
                co_await self.rdunlock(kRwlockBase + in.a);
            break;
        case RandomInstruction::SharedWrite: co_await self.write(kSharedBase + in.a, in.b); break;
        case RandomInstruction::SharedAdd: {
            const auto value = static_cast<std::int64_t>(co_await self.read(kSharedBase + in.a));
            co_await self.write(kSharedBase + in.a, value + in.b);
            break;
        }
        }
    }
}

std::string RandomProgram::listing() const {
    std::string out = name() + " (" + std::to_string(m_mutexes) + " mutexes; v<i> is guarded by m<i>; " +
                      std::to_string(m_shared) + " shared variables x<i>; " + std::to_string(m_rwlocks) +
                      " read-write locks rw<i>, guarding v<mutexes + i>)\n";
    for (std::size_t c = 0; c < m_code.size(); ++c) {
        out += "code " + std::to_string(c) + (c == 0 ? " (main):" : ":");
        for (std::size_t i = 0; i < m_code[c].size(); ++i) {
            const RandomInstruction &in = m_code[c][i];
            const std::string a = std::to_string(
                in.a +
                (in.op == RandomInstruction::Create || in.op == RandomInstruction::Join ? 0 : 1));
            out += (i ? "; " : " ") + std::to_string(i) + ": ";
            switch (in.op) {
            case RandomInstruction::Lock:
                out += "lock m" + a;
                break;
            case RandomInstruction::Unlock:
                out += "unlock m" + a;
                break;
            case RandomInstruction::Write:
                out += "v" + a + " = " + std::to_string(in.b);
                break;
            case RandomInstruction::Add:
                out += "v" + a + " += " + std::to_string(in.b);
                break;
            case RandomInstruction::JumpUnless:
                out += "if v" + a + " != " + std::to_string(in.b) + " goto " +
                       std::to_string(in.target);
                break;
            case RandomInstruction::Jump:
                out += "goto " + std::to_string(in.target);
                break;
            case RandomInstruction::Create:
                out += "create code " + a;
                break;
            case RandomInstruction::Join:
                out += "join code " + a;
                break;
            case RandomInstruction::TrylockOrSkip:
                out += "trylock m" + a + " else goto " + std::to_string(in.target);
                break;
            case RandomInstruction::Destroy: out += "destroy m" + a; break;
            case RandomInstruction::RwDestroy: out += "destroy rw" + a; break;
            case RandomInstruction::SemInit: out += "sem_init s" + a + " " + std::to_string(in.b); break;
            case RandomInstruction::SemPost: out += "sem_post s" + a; break;
            case RandomInstruction::SemWait: out += "sem_wait s" + a; break;
            case RandomInstruction::CondWait: out += "cond_wait c" + a + " m" + std::to_string(in.b + 1); break;
            case RandomInstruction::CondSignal: out += "cond_signal c" + a; break;
            case RandomInstruction::CondBroadcast: out += "cond_broadcast c" + a; break;
            case RandomInstruction::SharedRead:
                out += "read x" + a + (in.target == int(i) + 1 ? std::string()
                                        : " unless " + std::to_string(in.b) + " goto " + std::to_string(in.target));
                break;
            case RandomInstruction::SharedWrite: out += "x" + a + " = " + std::to_string(in.b); break;
            case RandomInstruction::SharedAdd: out += "x" + a + " += " + std::to_string(in.b); break;
            case RandomInstruction::Assume: out += "assume v" + a + " == " + std::to_string(in.b); break;
            case RandomInstruction::Assert: out += "assert v" + a + " != " + std::to_string(in.b); break;
            case RandomInstruction::SharedAssume: out += "assume x" + a + " == " + std::to_string(in.b); break;
            case RandomInstruction::SharedSpin: out += "spin until x" + a + " == " + std::to_string(in.b); break;
            case RandomInstruction::NondetJump:
                out += "unless nondet(0.." + std::to_string(kNondetHi) + ") == " + std::to_string(in.b) + " goto " +
                       std::to_string(in.target);
                break;
            case RandomInstruction::RwLock: out += (in.b ? "wrlock rw" : "rdlock rw") + a; break;
            case RandomInstruction::RwTryOrSkip:
                out += (in.b ? "trywrlock rw" : "tryrdlock rw") + a + " else goto " + std::to_string(in.target);
                break;
            case RandomInstruction::RwUnlock: out += "unlock rw" + a; break;
            }
        }
        out += "\n";
    }
    return out;
}

} // namespace weft::model
