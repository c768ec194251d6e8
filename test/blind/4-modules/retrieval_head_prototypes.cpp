// scenario: a retrieval head keeps class prototypes as a plain tensor member beside a registered temperature parameter, and the model is moved to float64 for scoring
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>
#include <memory>

class RetrievalHead : public torch::nn::Module {
 public:
  RetrievalHead(int64_t in_features, int64_t embed_dim, int64_t num_prototypes)
      : project_(register_module("project", torch::nn::Linear(in_features, embed_dim))) {
    temperature_ = register_parameter("temperature", torch::full({1}, 0.07));
    prototypes_ = torch::nn::functional::normalize(torch::randn({num_prototypes, embed_dim}),
        torch::nn::functional::NormalizeFuncOptions().dim(1));
  }

  torch::Tensor forward(const torch::Tensor& features) {
    torch::Tensor z = torch::nn::functional::normalize(project_(features),
        torch::nn::functional::NormalizeFuncOptions().dim(1));
    torch::Tensor similarity = torch::matmul(z, prototypes_.t()); // BUG
    return similarity / temperature_;
  }

  void reset_prototypes(const torch::Tensor& centroids) { prototypes_ = centroids; }

 private:
  torch::nn::Linear project_;
  torch::Tensor temperature_;
  torch::Tensor prototypes_;
};

int main() {
  torch::manual_seed(9);
  auto head = std::make_shared<RetrievalHead>(48, 16, 10);
  head->to(torch::kFloat64);
  head->eval();

  torch::NoGradGuard no_grad;
  torch::Tensor queries = torch::randn({6, 48}, torch::kFloat64);
  torch::Tensor logits = head->forward(queries);
  torch::Tensor nearest = logits.argmax(1);
  std::cout << "nearest prototypes " << nearest << "\n";
  return 0;
}
