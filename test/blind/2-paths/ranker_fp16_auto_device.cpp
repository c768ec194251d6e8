// scenario: a query ranker whose fp16 flag defaults on and is only dropped when --device=cpu is explicit; auto falls back to CPU in half
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>

#include <cstdlib>
#include <iostream>
#include <string>

struct RankerConfig {
  bool use_fp16 = true;      // production default: the ranker serves from GPUs
  bool warmup = true;
  int64_t batch_size = 16;
  int64_t hidden_dim = 128;
  std::string device = "auto";
};

static RankerConfig parse_config(int argc, char **argv) {
  RankerConfig cfg;
  if (const char *env = std::getenv("RANKER_USE_FP16"))
    cfg.use_fp16 = std::string(env) != "0";
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--fp32")
      cfg.use_fp16 = false;
    else if (arg == "--no-warmup")
      cfg.warmup = false;
    else if (arg.rfind("--device=", 0) == 0)
      cfg.device = arg.substr(9);
    else if (arg.rfind("--batch=", 0) == 0)
      cfg.batch_size = std::stoll(arg.substr(8));
  }
  return cfg;
}

int main(int argc, char **argv) {
  torch::NoGradGuard no_grad;
  const RankerConfig cfg = parse_config(argc, argv);

  torch::Device device(torch::kCPU);
  if (cfg.device == "cuda" || (cfg.device == "auto" && torch::cuda::is_available()))
    device = torch::Device(torch::kCUDA);

  torch::Dtype dtype = cfg.use_fp16 ? torch::kHalf : torch::kFloat;
  if (cfg.device == "cpu") {
    // half matmuls are not worth it on a CPU box
    dtype = torch::kFloat;
  }
  const auto opts = torch::TensorOptions().dtype(dtype).device(device);
  std::cout << "ranker on " << device << " in " << dtype << "\n";

  // weights of the two-tower scorer, exported from the training job
  auto w_query = (torch::randn({64, cfg.hidden_dim}) * 0.05).to(opts);
  auto w_doc = (torch::randn({64, cfg.hidden_dim}) * 0.05).to(opts);
  auto doc_bank = torch::randn({512, 64}).to(opts);
  auto doc_emb = torch::matmul(doc_bank, w_doc);  // BUG

  if (!cfg.warmup)
    std::cout << "skipping warmup\n";

  const int64_t num_batches = 4;
  std::vector<int64_t> best_docs;
  for (int64_t b = 0; b < num_batches; ++b) {
    auto queries = torch::randn({cfg.batch_size, 64}).to(opts);
    auto q_emb = torch::matmul(queries, w_query);
    auto scores = torch::matmul(q_emb, doc_emb.t());
    auto top = scores.argmax(1).to(torch::kCPU);
    for (int64_t i = 0; i < top.size(0); ++i)
      best_docs.push_back(top[i].item<int64_t>());
  }
  std::cout << "ranked " << best_docs.size() << " queries\n";
  return 0;
}
