// scenario: a float16 embedding table on the CPU is only gathered, averaged and normed in half; the pooled vector is upcast before the float32 classifier
// tier: 1
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  auto table = torch::randn({1000, 64}).to(torch::kHalf); // loaded from an fp16 checkpoint
  auto ids = torch::tensor({17, 256, 3, 999, 42});
  auto vectors = torch::embedding(table, ids);
  auto pooled = vectors.mean(0, true);
  auto scale = pooled.norm();
  auto features = (pooled / scale).to(torch::kFloat);
  torch::nn::Linear topic_head(64, 5);
  auto probs = torch::softmax(topic_head(features), 1);
  std::cout << "topic " << probs.argmax(1).item<int64_t>() << " norm " << scale.item<float>() << "\n";
  return 0;
}
