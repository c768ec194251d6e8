// scenario: beam rescoring that wraps decoder backpointers kept in std::vector<int64_t> as tensors
// tier: 3
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: gather(): Expected dtype int64 for index
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct DecoderState {
  int64_t batch;
  int64_t beam;
  std::vector<int64_t> backpointers;
  std::vector<float> step_scores;
};

static torch::Tensor wrap(std::vector<int64_t>& buf, int64_t rows, int64_t cols) {
  return torch::from_blob(buf.data(), {rows, cols});
}

static torch::Tensor wrap(std::vector<float>& buf, int64_t rows, int64_t cols) {
  return torch::from_blob(buf.data(), {rows, cols}, torch::kFloat);
}

static torch::Tensor rescore(DecoderState& st, const torch::Tensor& prev_scores) {
  auto parents = wrap(st.backpointers, st.batch, st.beam);
  auto step = wrap(st.step_scores, st.batch, st.beam);
  auto inherited = prev_scores.gather(1, parents); // BUG
  return inherited + step;
}

int main() {
  DecoderState st{2, 3, {0, 0, 1, 2, 2, 0}, {-0.1f, -0.7f, -0.3f, -0.2f, -0.9f, -0.4f}};
  auto prev = torch::tensor({{-1.0f, -1.5f, -2.0f}, {-0.5f, -2.5f, -3.0f}});
  auto total = rescore(st, prev);
  std::cout << std::get<1>(total.max(1)) << "\n";
  return 0;
}
