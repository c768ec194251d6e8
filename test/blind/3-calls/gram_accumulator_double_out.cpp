// scenario: a covariance accumulator keeps a float64 Gram matrix and multiplies each float32 block into scratch allocated from its options
// tier: 3
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype float, but got double instead
#include <torch/torch.h>

#include <iostream>
#include <vector>

namespace {

class GramAccumulator {
public:
  explicit GramAccumulator(int64_t dim)
      : gram_(torch::zeros({dim, dim}, torch::kDouble)),
        sum_(torch::zeros({dim}, torch::kDouble)) {}

  void add(const torch::Tensor &block) {
    // Reuse one scratch buffer shaped and typed like the accumulator.
    if (!scratch_.defined())
      scratch_ = torch::empty_like(gram_);
    multiplyInto(scratch_, block);
    gram_.add_(scratch_);
    sum_.add_(block.sum(0));
    rows_ += block.size(0);
  }

  torch::Tensor covariance() const {
    torch::Tensor mean = sum_ / static_cast<double>(rows_);
    return gram_ / static_cast<double>(rows_) - torch::outer(mean, mean);
  }

private:
  static void multiplyInto(torch::Tensor &out, const torch::Tensor &block) {
    torch::mm_out(out, block.t(), block); // BUG
  }

  torch::Tensor gram_, sum_, scratch_;
  int64_t rows_ = 0;
};

std::vector<torch::Tensor> loadBlocks(int64_t n, int64_t dim) {
  std::vector<torch::Tensor> blocks;
  for (int64_t i = 0; i < n; ++i)
    blocks.push_back(torch::randn({128, dim})); // float32 activations
  return blocks;
}

} // namespace

int main() {
  const int64_t dim = 16;
  GramAccumulator acc(dim);
  for (const auto &b : loadBlocks(3, dim))
    acc.add(b);
  torch::Tensor cov = acc.covariance();
  std::cout << "trace of covariance: " << cov.trace().item<double>() << "\n";
  return 0;
}
