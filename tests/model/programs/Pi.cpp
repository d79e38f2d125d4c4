// SPDX-License-Identifier: MIT
// PI(N), parallel pi (docs/algorithms.md, "Oracles", `pth_pi_mutex.c`): each thread sums its slice of the
// arctan series locally (no events), then adds it to the total under one mutex; main joins all.
#include "tests/model/Programs.hpp"

#include <cmath>
#include <vector>

namespace weft::model {
namespace {

class Pi final : public ModelProgram {
public:
    Pi(int threads, int terms) : m_threads(threads), m_terms(terms) {}
    std::string name() const override { return "pi(" + std::to_string(m_threads) + ")"; }
    void reset() override { m_sum = 0; }

    ModelTask main(ModelThread &self) override {
        std::vector<ThreadId> threads;
        for (int rank = 0; rank < m_threads; ++rank)
            threads.push_back(ThreadId(
                co_await self.create([this, rank](ModelThread &t) { return slice(t, rank); })));
        for (ThreadId t : threads)
            co_await self.join(t);
        const double estimate =
            4.0 * m_sum; // printed by the original, like the serial recomputation
        co_await self.check(std::abs(estimate - serialEstimate()) < 1e-9,
                            "parallel == serial estimate");
    }

private:
    enum { kMutex = 1 };
    ModelTask slice(ModelThread &self, int rank) {
        const int perThread = m_terms / m_threads;
        const int first = rank * perThread;
        double factor = first % 2 == 0 ? 1.0 : -1.0;
        double mySum = 0;
        for (int i = first; i < first + perThread; ++i, factor = -factor)
            mySum += factor / (2 * i + 1);
        co_await self.lock(kMutex);
        m_sum += mySum;
        co_await self.unlock(kMutex);
    }
    double serialEstimate() const {
        double sum = 0, factor = 1.0;
        for (int i = 0; i < m_terms / m_threads * m_threads; ++i, factor = -factor)
            sum += factor / (2 * i + 1);
        return 4.0 * sum;
    }
    int m_threads;
    int m_terms;
    double m_sum = 0;
};

} // namespace

std::unique_ptr<ModelProgram> makePi(int threads, int terms) {
    return std::make_unique<Pi>(threads, terms);
}

} // namespace weft::model
