// Real-header tier: std::vector<torch::Tensor> filled by push_back and read
// by a range-for, by index and through torch::stack (an ArrayRef) and
// torch::cat (a c10::IListRef), and a vector passed
// by non-const reference that is then not followed.
#include <torch/torch.h>

#include <vector>

torch::Tensor sentence_embedding(int words) {
  auto acc = torch::zeros({8}, torch::kDouble);
  for (int w = 0; w < words; ++w)
    acc += torch::randn({8});
  return acc / static_cast<double>(words);
}

void classify_sentences() {
  torch::nn::Linear head(8, 3);
  std::vector<torch::Tensor> batch;
  for (int s = 0; s < 4; ++s)
    batch.push_back(sentence_embedding(5 + s));
  auto logits = head->forward(torch::stack(batch));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: module 'head' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
}

void project_batches() {
  auto projection = torch::randn({16, 4}, torch::kDouble);
  std::vector<torch::Tensor> batches;
  for (int i = 0; i < 3; ++i)
    batches.push_back(torch::randn({5, 16}));
  for (const auto &b : batches)
    torch::mm(b, projection);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  auto all = torch::cat(batches);
  torch::mm(all, projection);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void refill(std::vector<torch::Tensor> &v) {
  v.clear();
  v.push_back(torch::randn({5, 16}, torch::kDouble));
}

void refilled_elsewhere() {
  auto projection = torch::randn({16, 4}, torch::kDouble);
  std::vector<torch::Tensor> v;
  v.push_back(torch::randn({5, 16}));
  refill(v);
  torch::mm(v[0], projection);
}

int main() {
  classify_sentences();
  project_batches();
  refilled_elsewhere();
  return 0;
}
