// scenario: intent-classification server whose Engine::setup converts the model to float16 to halve its memory, while the deployment device is the CPU
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

struct IntentClassifierImpl : torch::nn::Module {
  IntentClassifierImpl(int64_t vocab, int64_t dim, int64_t intents) {
    embed_ = register_module("embed", torch::nn::EmbeddingBag(
                                          torch::nn::EmbeddingBagOptions(vocab, dim)
                                              .mode(torch::kSum)));
    fc_ = register_module("fc", torch::nn::Linear(dim, intents));
  }
  torch::Tensor forward(const torch::Tensor& tokens, const torch::Tensor& offsets) {
    auto pooled = embed_(tokens, offsets);
    return fc_(pooled); // BUG
  }
  torch::nn::EmbeddingBag embed_{nullptr};
  torch::nn::Linear fc_{nullptr};
};
TORCH_MODULE(IntentClassifier);

class InferenceEngine {
 public:
  InferenceEngine(IntentClassifier model, torch::Device device)
      : model_(std::move(model)), device_(device) {}

  void setup() {
    model_->eval();
    model_->to(device_);
    model_->to(torch::kHalf);  // serving footprint budget
  }

  std::vector<int64_t> classify(const std::vector<std::vector<int64_t>>& requests) {
    std::vector<int64_t> flat, offsets;
    for (const auto& r : requests) {
      offsets.push_back(static_cast<int64_t>(flat.size()));
      flat.insert(flat.end(), r.begin(), r.end());
    }
    torch::NoGradGuard no_grad;
    auto logits = model_->forward(torch::tensor(flat).to(device_),
                                  torch::tensor(offsets).to(device_));
    auto best = logits.argmax(1).to(torch::kCPU);
    return std::vector<int64_t>(best.data_ptr<int64_t>(), best.data_ptr<int64_t>() + best.numel());
  }

 private:
  IntentClassifier model_;
  torch::Device device_;
};

int main() {
  torch::manual_seed(43);
  InferenceEngine engine(IntentClassifier(/*vocab=*/100, /*dim=*/16, /*intents=*/5),
                         torch::Device(torch::kCPU));
  engine.setup();
  auto intents = engine.classify({{4, 8, 15}, {16, 23}, {42}});
  for (auto i : intents) std::cout << i << " ";
  std::cout << "\n";
  return 0;
}
