// scenario: deep clustering model converted to float64 child by child; the cluster centroids are the parent's own parameter, which a children() loop never touches
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>

struct DeepClusteringImpl : torch::nn::Module {
  DeepClusteringImpl(int64_t in, int64_t latent, int64_t clusters) {
    encoder_ = register_module("encoder", torch::nn::Sequential(
                                              torch::nn::Linear(in, 32), torch::nn::ELU(),
                                              torch::nn::Linear(32, latent)));
    decoder_ = register_module("decoder", torch::nn::Linear(latent, in));
    centroids_ = register_parameter("centroids", torch::randn({clusters, latent}));
  }

  // Student-t soft assignment (DEC): q_ij proportional to (1 + |z_i - mu_j|^2)^-1.
  torch::Tensor soft_assign(const torch::Tensor& z) {
    auto zz = z.pow(2).sum(1, /*keepdim=*/true);
    auto cc = centroids_.pow(2).sum(1).unsqueeze(0);
    auto cross = torch::mm(z, centroids_.t()); // BUG
    auto q = 1.0 / (1.0 + zz + cc - 2.0 * cross);
    return q / q.sum(1, /*keepdim=*/true);
  }

  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x) {
    auto z = encoder_->forward(x);
    return {soft_assign(z), decoder_(z)};
  }

  torch::nn::Sequential encoder_{nullptr};
  torch::nn::Linear decoder_{nullptr};
  torch::Tensor centroids_;
};
TORCH_MODULE(DeepClustering);

void to_double_precision(torch::nn::Module& model) {
  for (const auto& child : model.children())
    child->to(torch::kDouble);
}

int main() {
  torch::manual_seed(41);
  DeepClustering model(/*in=*/10, /*latent=*/3, /*clusters=*/4);
  to_double_precision(*model);

  auto x = torch::randn({8, 10}, torch::kDouble);
  auto out = model->forward(x);
  auto target = out.first.pow(2) / out.first.sum(0);
  target = target / target.sum(1, /*keepdim=*/true);
  auto loss = torch::kl_div(out.first.log(), target.detach(), at::Reduction::Mean) +
              torch::mse_loss(out.second, x);
  std::cout << "loss " << loss.item<double>() << "\n";
  return 0;
}
