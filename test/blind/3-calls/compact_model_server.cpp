// scenario: a factory loads a text classifier for serving, halving it in compact mode, and moves the bundle into a server that widens scores back to float32
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <memory>

struct ToxicityClassifier : torch::nn::Module {
  ToxicityClassifier(int64_t vocab, int64_t dim)
      : embedding(register_module("embedding", torch::nn::EmbeddingBag(vocab, dim))),
        fc1(register_module("fc1", torch::nn::Linear(dim, 32))),
        fc2(register_module("fc2", torch::nn::Linear(32, 2))) {}

  torch::Tensor forward(const torch::Tensor& token_ids) {
    torch::Tensor pooled = embedding(token_ids);
    torch::Tensor hidden = fc1(pooled); // BUG
    return fc2(torch::relu(hidden));
  }

  torch::nn::EmbeddingBag embedding;
  torch::nn::Linear fc1, fc2;
};

struct ModelBundle {
  std::shared_ptr<ToxicityClassifier> net;
  torch::Dtype dtype = torch::kFloat32;
  std::string name;
};

std::unique_ptr<ModelBundle> load_for_serving(const std::string& name, bool compact) {
  auto bundle = std::make_unique<ModelBundle>();
  bundle->name = name;
  bundle->net = std::make_shared<ToxicityClassifier>(5000, 64);
  if (compact) {
    bundle->net->to(torch::kHalf);
    bundle->dtype = torch::kHalf;
  }
  bundle->net->eval();
  return bundle;
}

class Server {
 public:
  explicit Server(std::unique_ptr<ModelBundle> bundle) : bundle_(std::move(bundle)) {}

  torch::Tensor handle(const torch::Tensor& token_ids) {
    torch::NoGradGuard no_grad;
    torch::Tensor scores = bundle_->net->forward(token_ids);
    ++served_;
    return scores.to(torch::kFloat32).softmax(1);
  }

  int64_t served() const { return served_; }

 private:
  std::unique_ptr<ModelBundle> bundle_;
  int64_t served_ = 0;
};

int main() {
  torch::manual_seed(1);
  Server server(load_for_serving("toxicity-small", /*compact=*/true));
  for (int request = 0; request < 3; ++request) {
    torch::Tensor token_ids = torch::randint(0, 5000, {4, 12});
    torch::Tensor probs = server.handle(token_ids);
    std::cout << "request " << request << " p(toxic) " << probs[0][1].item<float>() << "\n";
  }
  std::cout << "served " << server.served() << "\n";
  return 0;
}
