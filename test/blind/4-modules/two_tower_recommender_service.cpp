// scenario: a two-tower recommender service casts its towers to the precision named on the command line and scores request features
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <memory>
#include <string>

namespace {

struct ServiceConfig {
  std::string precision = "fp64"; // offline replay compares against the double baseline
  int64_t top_k = 5;
  torch::Dtype dtype() const { return precision == "fp64" ? torch::kFloat64 : torch::kFloat32; }
};

ServiceConfig parseArgs(int argc, char **argv) {
  ServiceConfig cfg;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string key = argv[i];
    if (key == "--precision") cfg.precision = argv[i + 1];
    else if (key == "--top-k") cfg.top_k = std::stoll(argv[i + 1]);
  }
  return cfg;
}

class Tower : public torch::nn::Module {
public:
  virtual torch::Tensor forward(const torch::Tensor &features) = 0;
};

class UserTower : public Tower {
public:
  UserTower() {
    fc1_ = register_module("fc1", torch::nn::Linear(24, 64));
    fc2_ = register_module("fc2", torch::nn::Linear(64, 32));
  }
  torch::Tensor forward(const torch::Tensor &x) override {
    auto h = torch::relu(fc1_(x)); // BUG
    return torch::nn::functional::normalize(fc2_(h), torch::nn::functional::NormalizeFuncOptions().dim(1));
  }

private:
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
};

class ItemTower : public Tower {
public:
  ItemTower() { proj_ = register_module("proj", torch::nn::Linear(48, 32)); }
  torch::Tensor forward(const torch::Tensor &x) override {
    return torch::nn::functional::normalize(proj_(x), torch::nn::functional::NormalizeFuncOptions().dim(1));
  }

private:
  torch::nn::Linear proj_{nullptr};
};

class RecommenderService {
public:
  explicit RecommenderService(ServiceConfig cfg) : cfg_(std::move(cfg)) {
    towers_["user"] = std::make_shared<UserTower>();
    towers_["item"] = std::make_shared<ItemTower>();
    for (auto &kv : towers_) {
      kv.second->to(cfg_.dtype());
      kv.second->eval();
    }
    item_vectors_ = towers_.at("item")->forward(torch::rand({200, 48}, torch::TensorOptions().dtype(cfg_.dtype())));
  }

  torch::Tensor recommend(const torch::Tensor &request_features) {
    torch::NoGradGuard no_grad;
    Tower &user_tower = *towers_.at("user");
    auto user_vec = user_tower.forward(request_features);
    auto scores = torch::matmul(user_vec, item_vectors_.t());
    return std::get<1>(scores.topk(cfg_.top_k, 1));
  }

private:
  ServiceConfig cfg_;
  std::map<std::string, std::shared_ptr<Tower>> towers_;
  torch::Tensor item_vectors_;
};

} // namespace

int main(int argc, char **argv) {
  RecommenderService service(parseArgs(argc, argv));
  // Request features arrive from the feature-store client as float32.
  torch::Tensor request = torch::rand({2, 24});
  auto items = service.recommend(request);
  std::cout << "recommended items:\n" << items << "\n";
  return 0;
}
