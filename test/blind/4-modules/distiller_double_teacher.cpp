// scenario: a Distiller runs its teacher in float64 for stable soft targets and adds a feature-similarity term against the student
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>
#include <utility>

struct BackboneImpl : torch::nn::Module {
  BackboneImpl(int64_t width)
      : body(register_module("body", torch::nn::Sequential(torch::nn::Linear(24, width), torch::nn::ReLU()))),
        head(register_module("head", torch::nn::Linear(width, 5))) {}
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x) {
    auto feat = body->forward(x);
    return {feat, head(feat)};
  }
  torch::nn::Sequential body;
  torch::nn::Linear head;
};
TORCH_MODULE(Backbone);

class Distiller {
 public:
  Distiller(Backbone teacher, Backbone student, double temperature)
      : teacher_(std::move(teacher)), student_(std::move(student)), t_(temperature),
        opt_(student_->parameters(), torch::optim::SGDOptions(0.02).momentum(0.9)) {
    teacher_->to(torch::kFloat64);
    teacher_->eval();
  }

  float step(const torch::Tensor& x, const torch::Tensor& y) {
    torch::Tensor t_feat, t_logits;
    {
      torch::NoGradGuard no_grad;
      std::tie(t_feat, t_logits) = teacher_->forward(x.to(torch::kFloat64));
    }
    auto [s_feat, s_logits] = student_->forward(x);
    auto soft = torch::softmax(t_logits / t_, 1).to(torch::kFloat32);
    auto kd = torch::kl_div(torch::log_softmax(s_logits / t_, 1), soft, at::Reduction::Mean) * t_ * t_;
    auto ce = torch::nn::functional::cross_entropy(s_logits, y);
    auto gram_s = torch::mm(s_feat, s_feat.t());
    auto gram_t = torch::mm(t_feat, t_feat.t());
    auto sim = torch::mm(gram_s, gram_t.t()).diag().mean(); // BUG
    auto loss = ce + kd - 1e-3 * sim;
    opt_.zero_grad();
    loss.backward();
    opt_.step();
    return loss.item<float>();
  }

 private:
  Backbone teacher_, student_;
  double t_;
  torch::optim::SGD opt_;
};

int main() {
  torch::manual_seed(12);
  Distiller distiller(Backbone(64), Backbone(64), 4.0);
  for (int i = 0; i < 3; ++i) {
    auto x = torch::randn({16, 24});
    auto y = torch::randint(5, {16}, torch::kLong);
    std::cout << "iter " << i << " loss " << distiller.step(x, y) << "\n";
  }
  return 0;
}
