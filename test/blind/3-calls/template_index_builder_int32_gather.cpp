// scenario: beam-search reranker builds its candidate index with a template over the id type; instantiated with int32_t (the tokenizer's id type) the index reaches gather, which wants int64
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: gather(): Expected dtype int64 for index
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

template <typename index_t>
torch::Tensor build_candidate_index(const std::vector<std::vector<index_t>>& beams) {
  const auto rows = static_cast<int64_t>(beams.size());
  const auto width = static_cast<int64_t>(beams.front().size());
  auto index = torch::empty({rows, width},
                            torch::TensorOptions().dtype(c10::CppTypeToScalarType<index_t>::value));
  auto acc = index.template accessor<index_t, 2>();
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < width; ++c)
      acc[r][c] = beams[r][c];
  return index;
}

template <typename index_t>
torch::Tensor candidate_log_probs(const torch::Tensor& logits,
                                  const std::vector<std::vector<index_t>>& beams) {
  auto index = build_candidate_index(beams);
  auto log_probs = torch::log_softmax(logits, /*dim=*/-1);
  return log_probs.gather(/*dim=*/1, index); // BUG
}

int main() {
  torch::manual_seed(89);
  auto logits = torch::randn({2, 50});
  std::vector<std::vector<int32_t>> beams{{3, 17, 42}, {8, 8, 49}};
  auto scores = candidate_log_probs(logits, beams);
  auto best = scores.argmax(1);
  std::cout << "best candidates " << best << "\n";
  return 0;
}
