// scenario: a bag-of-words classifier builds its count features with torch::tensor of integer literals, which are int64, and calls a float32 Linear layer on them
// tier: 1
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  // counts of the words {"refund", "late", "great", "broken", "thanks"} in three reviews
  auto counts = torch::tensor({{2, 1, 0, 1, 0},
                               {0, 0, 3, 0, 2},
                               {1, 2, 0, 2, 0}});
  torch::nn::Linear sentiment(5, 2);
  auto logits = sentiment(counts); // BUG
  auto probs = torch::softmax(logits, 1);
  std::cout << "negative/positive " << probs << "\n";
  return 0;
}
