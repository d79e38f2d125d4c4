// SPDX-License-Identifier: MIT
// ccnf(N, JOIN) (docs/algorithms.md, "Oracles"): 2N threads, thread i locks m[i/2], so N independent 2-way
// conflicts (2^N max-configs); with JOIN main joins all, otherwise it ends with pthread_exit.
#include "tests/model/Programs.hpp"

#include <vector>

namespace weft::model {
namespace {

class Ccnf final : public ModelProgram {
public:
    Ccnf(int pairs, bool join) : m_pairs(pairs), m_join(join) {}
    std::string name() const override {
        return "ccnf(" + std::to_string(m_pairs) + (m_join ? ", join)" : ", exit)");
    }

    ModelTask main(ModelThread &self) override {
        std::vector<ThreadId> threads;
        for (int i = 0; i < 2 * m_pairs; ++i)
            threads.push_back(
                ThreadId(co_await self.create([i](ModelThread &t) { return worker(t, i); })));
        if (m_join)
            for (ThreadId t : threads)
                co_await self.join(t);
    }

private:
    enum { kM = 100 };
    // "locks m[i/2]": lock then unlock; the only reading giving 16N+2 events for JOIN=0.
    static ModelTask worker(ModelThread &self, int i) {
        co_await self.lock(kM + i / 2);
        co_await self.unlock(kM + i / 2);
    }
    int m_pairs;
    bool m_join;
};

} // namespace

std::unique_ptr<ModelProgram> makeCcnf(int pairs, bool join) {
    return std::make_unique<Ccnf>(pairs, join);
}

} // namespace weft::model
